import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Deleting an account never leaves a team's workspace without an owner: an owner whose
// workspace has other members must hand it over first; a member or a solo owner may leave.

let t: TestApp
let owner: TestUser
let member: TestUser
let ownerWs: string

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t.app, t.database)
  member = await createUser(t.app, t.database)
  ownerWs = await workspaceIdOf(t.database.db, owner.userId)
  await t.database.db
    .insertInto('workspace_members')
    .values({ workspace_id: ownerWs, user_id: member.userId, role: 'member', state: 'enabled' })
    .execute()
})
afterAll(async () => {
  await t?.close()
})

function deleteAccount(user: TestUser) {
  return t.app.inject({
    method: 'DELETE',
    url: '/v1/user',
    headers: user.auth,
    payload: { email: user.email },
  })
}

async function exists(table: 'users' | 'workspaces', id: string): Promise<boolean> {
  const row = await t.database.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()
  return row !== undefined
}

describe('deleting an account', () => {
  it('refuses an owner whose workspace has another member, and deletes nothing', async () => {
    const refused = await deleteAccount(owner)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail.code).toBe('owner_must_transfer_workspace')
    expect(await exists('users', owner.userId)).toBe(true)
    expect(await exists('workspaces', ownerWs)).toBe(true)
    expect((await t.app.inject({ url: '/v1/user', headers: owner.auth })).statusCode).toBe(200)
  })

  it('lets the member leave: their own workspace goes, the team workspace stays with its owner', async () => {
    const memberWs = await workspaceIdOf(t.database.db, member.userId)
    expect((await deleteAccount(member)).statusCode).toBe(204)
    expect(await exists('users', member.userId)).toBe(false)
    expect(await exists('workspaces', memberWs)).toBe(false)
    expect(await exists('workspaces', ownerWs)).toBe(true)
  })

  it('then lets the owner, now alone, delete the account and the workspace with it', async () => {
    expect((await deleteAccount(owner)).statusCode).toBe(204)
    expect(await exists('users', owner.userId)).toBe(false)
    expect(await exists('workspaces', ownerWs)).toBe(false)
  })
})
