import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

let t: TestApp
let owner: TestUser
let other: TestUser

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t.app, t.database, { verified: true })
  other = await createUser(t.app, t.database, { verified: true })
})
afterAll(() => t?.close())

const createKey = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/v1/user/api-keys', headers: user.auth, payload })

describe('API keys', () => {
  it('an unverified email cannot create API keys', async () => {
    const unverified = await createUser(t.app, t.database, { verified: false })
    const res = await createKey(unverified, { name: 'mine' })
    expect(res.statusCode).toBe(403)
    expect(res.json().detail.code).toBe('email_not_verified')
  })

  it('creates a key shown once, stored hashed, listed by hint, usable as xi-api-key', async () => {
    const res = await createKey(owner, { name: '  Production  ' })
    expect(res.statusCode).toBe(201)
    const { api_key, key_id, hint } = res.json()
    expect(api_key).toMatch(/^sk_[0-9a-f]{48}$/)
    expect(hint).toBe(`sk_…${api_key.slice(-4)}`)

    const stored = await t.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', key_id)
      .executeTakeFirstOrThrow()
    expect(stored.key_hash).not.toContain(api_key)
    expect(JSON.stringify(stored)).not.toContain(api_key)

    const list = await t.app.inject({ url: '/v1/user/api-keys', headers: owner.auth })
    expect(list.json().api_keys).toEqual([
      expect.objectContaining({
        key_id,
        name: 'Production',
        hint,
        permissions: null,
        character_limit: null,
        is_disabled: false,
      }),
    ])
    expect(list.body).not.toContain(api_key)

    const me = await t.app.inject({ url: '/v1/user', headers: { 'xi-api-key': api_key } })
    expect(me.statusCode).toBe(200)
    expect(me.json().user_id).toBe(owner.userId)
  })

  it('a disabled key gets 401 with a JSON detail; enabling it again works', async () => {
    const { api_key, key_id } = (await createKey(owner, { name: 'toggle' })).json()
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/v1/user/api-keys/${key_id}`,
      headers: owner.auth,
      payload: { is_disabled: true },
    })
    expect(off.json().is_disabled).toBe(true)
    const refused = await t.app.inject({ url: '/v1/user', headers: { 'xi-api-key': api_key } })
    expect(refused.statusCode).toBe(401)
    expect(refused.json().detail.code).toBe('api_key_disabled')
    await t.app.inject({
      method: 'PATCH',
      url: `/v1/user/api-keys/${key_id}`,
      headers: owner.auth,
      payload: { is_disabled: false },
    })
    expect((await t.app.inject({ url: '/v1/user', headers: { 'xi-api-key': api_key } })).statusCode).toBe(200)
  })

  it('a key without the scope gets 403; with it, 200', async () => {
    const { api_key } = (await createKey(owner, { name: 'history only', permissions: ['history'] })).json()
    const res = await t.app.inject({ url: '/v1/user', headers: { 'xi-api-key': api_key } })
    expect(res.statusCode).toBe(403)
    expect(res.json().detail.code).toBe('missing_permissions')
    const userKey = (await createKey(owner, { name: 'user', permissions: ['user'] })).json().api_key
    expect(
      (await t.app.inject({ url: '/v1/user/subscription', headers: { 'xi-api-key': userKey } })).statusCode,
    ).toBe(200)
  })

  it('a key cannot manage keys', async () => {
    const { api_key } = (await createKey(owner, { name: 'all' })).json()
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/user/api-keys',
      headers: { 'xi-api-key': api_key },
      payload: { name: 'escalate' },
    })
    expect(res.statusCode).toBe(403)
  })

  it("another user's key id is not found (404), and the key is untouched", async () => {
    const { key_id } = (await createKey(owner, { name: 'private' })).json()
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/v1/user/api-keys/${key_id}`,
        headers: other.auth,
        ...(method === 'PATCH' ? { payload: { name: 'stolen' } } : {}),
      })
      expect(res.statusCode).toBe(404)
      expect(res.json().detail.code).toBe('api_key_not_found')
    }
    const row = await t.database.db
      .selectFrom('api_keys')
      .select('name')
      .where('id', '=', key_id)
      .executeTakeFirstOrThrow()
    expect(row.name).toBe('private')
  })

  it('deleting a key revokes it', async () => {
    const { api_key, key_id } = (await createKey(owner, { name: 'temp' })).json()
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/v1/user/api-keys/${key_id}`,
      headers: owner.auth,
    })
    expect(del.statusCode).toBe(204)
    const res = await t.app.inject({ url: '/v1/user', headers: { 'xi-api-key': api_key } })
    expect(res.statusCode).toBe(401)
    expect(res.json().detail.code).toBe('invalid_api_key')
  })

  it.each([
    ['empty name', { name: '   ' }],
    ['unknown scope', { name: 'x', permissions: ['root'] }],
    ['negative credit limit', { name: 'x', character_limit: -5 }],
    ['wrong type', { name: 12 }],
    ['unknown field', { name: 'x', admin: true }],
  ])('refuses %s with 422', async (_name, payload) => {
    const res = await createKey(owner, payload)
    expect(res.statusCode).toBe(422)
  })

  it('stores a credit limit and scopes', async () => {
    const res = await createKey(owner, {
      name: 'limited',
      permissions: ['text-to-speech', 'voices'],
      character_limit: 5000,
    })
    const { key_id } = res.json()
    const list = (await t.app.inject({ url: '/v1/user/api-keys', headers: owner.auth })).json().api_keys
    expect(list.find((k: { key_id: string }) => k.key_id === key_id)).toMatchObject({
      permissions: ['text-to-speech', 'voices'],
      character_limit: 5000,
      character_count: 0,
    })
  })
})

describe('account', () => {
  it('sets a supported locale and refuses others', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v1/user/set-locale',
      headers: owner.auth,
      payload: { locale: 'ja-JP' },
    })
    expect(ok.statusCode).toBe(200)
    expect((await t.app.inject({ url: '/v1/auth-account', headers: owner.auth })).json().locale).toBe('ja-JP')
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/user/set-locale',
      headers: owner.auth,
      payload: { locale: 'xx-XX' },
    })
    expect(bad.statusCode).toBe(422)
  })

  it('edits the first name', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/v1/user/edit-user-metadata',
      headers: owner.auth,
      payload: { first_name: 'Lin' },
    })
    expect((await t.app.inject({ url: '/v1/user', headers: owner.auth })).json().first_name).toBe('Lin')
  })

  it('deleting the account requires typing the own email, then removes user, workspace and keys', async () => {
    const doomed = await createUser(t.app, t.database, { verified: true })
    await createKey(doomed, { name: 'k' })
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/v1/user',
      headers: doomed.auth,
      payload: { email: 'someone@else.com' },
    })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().detail.code).toBe('email_mismatch')
    const ok = await t.app.inject({
      method: 'DELETE',
      url: '/v1/user',
      headers: doomed.auth,
      payload: { email: doomed.email.toUpperCase() },
    })
    expect(ok.statusCode).toBe(204)
    expect((await t.app.inject({ url: '/v1/user', headers: doomed.auth })).statusCode).toBe(401)
    const keys = await t.database.db
      .selectFrom('api_keys')
      .select('id')
      .where('user_id', '=', doomed.userId)
      .execute()
    expect(keys).toHaveLength(0)
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      payload: { email: doomed.email, password: doomed.password },
    })
    expect(signIn.statusCode).toBe(401)
  })
})
