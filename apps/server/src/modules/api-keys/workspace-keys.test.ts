import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, joinWorkspaceOf, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// The workspace's API keys as admins see them (every owner's, listed and disabled in bulk),
// and the caller's own role and product permissions that the web app reads.

let t: TestApp
let owner: TestUser
let member: TestUser
let outsider: TestUser

function call(user: TestUser, method: string, url: string, payload?: object) {
  return t.app.inject({ method: method as 'GET', url, headers: user.auth, ...(payload ? { payload } : {}) })
}
const code = (r: LightMyRequestResponse) => r.json().detail?.code as string

const secrets: string[] = []
async function newKey(user: TestUser, name: string): Promise<string> {
  const r = await call(user, 'POST', '/v1/user/api-keys', { name })
  expect(r.statusCode).toBe(201)
  secrets.push(r.json().api_key)
  return r.json().key_id
}

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t.app, t.database)
  member = await createUser(t.app, t.database)
  outsider = await createUser(t.app, t.database)
  await joinWorkspaceOf(t.database.db, owner, member)
}, 120_000)
afterAll(() => t?.close())

describe('workspace API keys', () => {
  it('are listed for admins with their owners and disabled in bulk; members are refused', async () => {
    const ownerKey = await newKey(owner, 'owner key')
    const memberKey = await newKey(member, 'member key')
    const outsiderKey = await newKey(outsider, 'outsider key')

    const listed = await call(owner, 'GET', '/v1/workspace/api-keys')
    expect(listed.statusCode).toBe(200)
    const keys = listed.json().api_keys as { key_id: string; owner_email: string; is_disabled: boolean }[]
    expect(keys.map((k) => k.key_id).sort()).toEqual([ownerKey, memberKey].sort())
    expect(keys.find((k) => k.key_id === memberKey)?.owner_email).toBe(member.email)
    // Only hints: no key itself is ever listed.
    for (const secret of secrets) expect(JSON.stringify(listed.json())).not.toContain(secret)

    const refused = await call(member, 'POST', '/v1/workspace/api-keys/disable', { key_ids: [ownerKey] })
    expect(refused.statusCode).toBe(403)
    expect((await call(member, 'GET', '/v1/workspace/api-keys')).statusCode).toBe(403)

    // Another workspace's key is not found, and nothing is changed by the whole call.
    const foreign = await call(owner, 'POST', '/v1/workspace/api-keys/disable', {
      key_ids: [memberKey, outsiderKey],
    })
    expect(foreign.statusCode).toBe(404)
    expect(code(foreign)).toBe('api_key_not_found')
    const unchanged = (await call(owner, 'GET', '/v1/workspace/api-keys')).json().api_keys as typeof keys
    expect(unchanged.every((k) => !k.is_disabled)).toBe(true)

    const disabled = await call(owner, 'POST', '/v1/workspace/api-keys/disable', {
      key_ids: [memberKey, ownerKey],
    })
    expect(disabled.json()).toEqual({ disabled: 2 })
    const after = (await call(owner, 'GET', '/v1/workspace/api-keys')).json().api_keys as typeof keys
    expect(after.every((k) => k.is_disabled)).toBe(true)
    const outsiderKeys = (await call(outsider, 'GET', '/v1/user/api-keys')).json().api_keys
    expect(outsiderKeys[0].is_disabled).toBe(false)
  })
})

describe('the caller’s workspace permissions', () => {
  it('follow the groups: a product off in the Everyone group is gone for members, not for admins', async () => {
    const before = (await call(member, 'GET', '/v1/workspace/permissions')).json()
    expect(before).toMatchObject({ role: 'member', is_admin: false })
    expect(before.permissions).toContain('text_to_speech')
    const groups = (await call(owner, 'GET', '/v1/workspace/groups')).json() as Record<
      string,
      { id: string; is_everyone: boolean; permissions: string[] }
    >
    const everyone = Object.values(groups).find((g) => g.is_everyone) as { id: string; permissions: string[] }
    const patched = await call(owner, 'PATCH', `/v1/workspace/groups/${everyone.id}`, {
      permissions: everyone.permissions.filter((p) => p !== 'text_to_speech'),
    })
    expect(patched.statusCode).toBe(200)
    const after = (await call(member, 'GET', '/v1/workspace/permissions')).json()
    expect(after.permissions).not.toContain('text_to_speech')
    const admin = (await call(owner, 'GET', '/v1/workspace/permissions')).json()
    expect(admin).toMatchObject({ role: 'owner', is_admin: true })
    expect(admin.permissions).toContain('text_to_speech')
  })
})
