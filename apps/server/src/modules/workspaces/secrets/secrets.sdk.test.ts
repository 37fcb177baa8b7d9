import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, joinWorkspaceOf, type TestUser } from '../../../../test/helpers/factories.js'
import { setPlan } from '../../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'

// Workspace secrets through the official SDK: admins add, replace and delete them, members only
// read their names, values are sealed at rest and never come back, other workspaces see nothing.

let t: TestApp
let address: string
let owner: TestUser
let member: TestUser
let outsider: TestUser

async function clientOf(user: TestUser): Promise<ElevenLabsClient> {
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', permissions: ['convai'] },
  })
  return new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address })
}

async function refusal(call: Promise<unknown>): Promise<{ status: number; code: string }> {
  try {
    await call
  } catch (error) {
    if (!(error instanceof ElevenLabsError)) throw error
    return { status: error.statusCode ?? 0, code: (error.body as { detail: { code: string } }).detail.code }
  }
  throw new Error('expected a refusal')
}

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t.app, t.database)
  member = await createUser(t.app, t.database)
  outsider = await createUser(t.app, t.database)
  await setPlan(t.database, owner.userId, { tier: 'enterprise' })
  await joinWorkspaceOf(t.database.db, owner, member)
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => t?.close())

describe('conversationalAi.secrets against Timbre', () => {
  it('creates, lists, updates and deletes; the value is sealed and never returned', async () => {
    const admin = await clientOf(owner)
    const created = await admin.conversationalAi.secrets.create({
      name: 'CRM token',
      value: 'tok-123-secret',
    })
    expect(created).toEqual({ type: 'stored', secretId: expect.any(String), name: 'CRM token' })
    expect(JSON.stringify(created)).not.toContain('tok-123-secret')

    const stored = await t.database.db
      .selectFrom('workspace_secrets')
      .select('value_sealed')
      .where('id', '=', created.secretId)
      .executeTakeFirstOrThrow()
    expect(stored.value_sealed).toMatch(/^v1\./)
    expect(stored.value_sealed).not.toContain('tok-123')

    const listed = await admin.conversationalAi.secrets.list()
    expect(listed.secrets).toEqual([
      {
        type: 'stored',
        secretId: created.secretId,
        name: 'CRM token',
        created_at_unix: expect.any(Number),
        usedBy: { tools: [], agents: [], phoneNumbers: [], mcpServers: [], others: [] },
      },
    ])
    // The settings screen's extra field, outside the SDK's model, passes through as sent.
    const [first] = listed.secrets as unknown as { created_at_unix: number }[]
    expect(first?.created_at_unix).toBeGreaterThan(Date.now() / 1000 - 600)
    expect(JSON.stringify(listed)).not.toContain('tok-123')
    expect((await admin.conversationalAi.secrets.list({ search: 'crm' })).secrets).toHaveLength(1)
    expect((await admin.conversationalAi.secrets.list({ search: 'nope' })).secrets).toHaveLength(0)

    // The same name twice is refused; an empty value is refused; nothing is written.
    expect(await refusal(admin.conversationalAi.secrets.create({ name: 'CRM token', value: 'x' }))).toEqual({
      status: 409,
      code: 'secret_name_taken',
    })
    expect(await refusal(admin.conversationalAi.secrets.create({ name: 'Empty', value: '' }))).toMatchObject({
      status: 422,
    })
    expect((await admin.conversationalAi.secrets.list()).secrets).toHaveLength(1)

    const before = stored.value_sealed
    const updated = await admin.conversationalAi.secrets.update(created.secretId, {
      name: 'CRM token (new)',
      value: 'tok-456',
    })
    expect(updated).toEqual({ type: 'stored', secretId: created.secretId, name: 'CRM token (new)' })
    const after = await t.database.db
      .selectFrom('workspace_secrets')
      .select('value_sealed')
      .where('id', '=', created.secretId)
      .executeTakeFirstOrThrow()
    expect(after.value_sealed).not.toBe(before)

    // Members read names but cannot write; other workspaces see nothing.
    const memberSdk = await clientOf(member)
    expect((await memberSdk.conversationalAi.secrets.list()).secrets.map((s) => s.name)).toEqual([
      'CRM token (new)',
    ])
    expect(await refusal(memberSdk.conversationalAi.secrets.create({ name: 'Mine', value: 'v' }))).toEqual({
      status: 403,
      code: 'workspace_admin_required',
    })
    expect(
      await refusal(memberSdk.conversationalAi.secrets.update(created.secretId, { name: 'x', value: 'y' })),
    ).toEqual({ status: 403, code: 'workspace_admin_required' })
    expect(await refusal(memberSdk.conversationalAi.secrets.delete(created.secretId))).toEqual({
      status: 403,
      code: 'workspace_admin_required',
    })
    const outsiderSdk = await clientOf(outsider)
    expect((await outsiderSdk.conversationalAi.secrets.list()).secrets).toEqual([])
    expect(await refusal(outsiderSdk.conversationalAi.secrets.delete(created.secretId))).toEqual({
      status: 404,
      code: 'secret_not_found',
    })
    expect(await refusal(outsiderSdk.conversationalAi.secrets.get(created.secretId))).toMatchObject({
      status: 404,
    })

    await admin.conversationalAi.secrets.delete(created.secretId)
    expect((await admin.conversationalAi.secrets.list()).secrets).toEqual([])
    expect(await refusal(admin.conversationalAi.secrets.delete(created.secretId))).toEqual({
      status: 404,
      code: 'secret_not_found',
    })
  })
})
