import type { FastifyInstance } from 'fastify'
import type { Database, DatabaseHandle } from '../../src/db/database.js'

let counter = 0

export interface TestUser {
  email: string
  password: string
  userId: string
  accessToken: string
  refreshToken: string
  cookie: string
  auth: { authorization: string }
}

/**
 * Signs a user up through the API and signs them in. The email is marked verified in the
 * database unless `verified: false` (generating audio and creating keys need a verified email).
 * `remoteAddress` signs up from another client address, for files that sign up more users
 * than one address may in a minute.
 */
export async function createUser(
  app: FastifyInstance,
  database: DatabaseHandle,
  options: { verified?: boolean; email?: string; remoteAddress?: string } = {},
): Promise<TestUser> {
  counter += 1
  const email = options.email ?? `user${counter}-${Date.now()}@example.com`
  const password = 'correct horse 42'
  const from = options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}
  const signUp = await app.inject({
    method: 'POST',
    url: '/v1/auth/sign-up',
    payload: { email, password },
    ...from,
  })
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.body}`)
  const userId = signUp.json().user_id as string
  if (options.verified !== false) {
    await database.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', userId)
      .execute()
  }
  const signIn = await app.inject({
    method: 'POST',
    url: '/v1/auth/sign-in',
    payload: { email, password },
    ...from,
  })
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`)
  const tokens = signIn.json()
  const cookie = signIn.cookies.find((c) => c.name === 'timbre_session')
  return {
    email,
    password,
    userId,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    cookie: `timbre_session=${cookie?.value ?? ''}`,
    auth: { authorization: `Bearer ${tokens.access_token}` },
  }
}

/** The workspace a user works in. */
export async function workspaceIdOf(db: Database, userId: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('workspace_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return row.workspace_id
}

/** Makes a user an enabled member of another user's workspace, and that their current one. */
export async function joinWorkspaceOf(
  db: Database,
  owner: TestUser,
  user: TestUser,
  role: 'admin' | 'member' = 'member',
): Promise<string> {
  const workspaceId = await workspaceIdOf(db, owner.userId)
  await db
    .insertInto('workspace_members')
    .values({ workspace_id: workspaceId, user_id: user.userId, role })
    .execute()
  await db.updateTable('users').set({ workspace_id: workspaceId }).where('id', '=', user.userId).execute()
  return workspaceId
}
