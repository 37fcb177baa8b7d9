import { SERVICE_ACCOUNT_LIMIT } from '@timbre/contract'
import { PREMADE_VOICES } from '@timbre/speech'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../../test/helpers/factories.js'
import { setPlan } from '../../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'

// Service accounts: paid plans only, at most twenty, keys that act in the workspace, and no
// deletion while a key remains.

let t: TestApp
let owner: TestUser
let member: TestUser
let outsider: TestUser
let workspaceId: string

function call(user: { auth: Record<string, string> }, method: string, url: string, payload?: object) {
  return t.app.inject({ method: method as 'GET', url, headers: user.auth, ...(payload ? { payload } : {}) })
}
const code = (r: LightMyRequestResponse) => r.json().detail?.code as string

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t.app, t.database)
  member = await createUser(t.app, t.database)
  outsider = await createUser(t.app, t.database)
  workspaceId = await setPlan(t.database, owner.userId, { tier: 'free' })
  await t.database.db
    .insertInto('workspace_members')
    .values({ workspace_id: workspaceId, user_id: member.userId, role: 'member' })
    .execute()
  await t.database.db
    .updateTable('users')
    .set({ workspace_id: workspaceId })
    .where('id', '=', member.userId)
    .execute()
})
afterAll(() => t?.close())

describe('service accounts', () => {
  it('need a paid plan and an admin', async () => {
    const free = await call(owner, 'POST', '/v1/service-accounts', { name: 'Bot' })
    expect(free.statusCode).toBe(403)
    expect(code(free)).toBe('service_accounts_paid_only')
    await setPlan(t.database, owner.userId, { tier: 'pro' })
    const byMember = await call(member, 'POST', '/v1/service-accounts', { name: 'Bot' })
    expect(byMember.statusCode).toBe(403)
    expect(code(byMember)).toBe('workspace_admin_required')
    expect(code(await call(member, 'GET', '/v1/service-accounts'))).toBe('does_not_have_required_permissions')
    expect((await call(owner, 'GET', '/v1/service-accounts')).json()).toEqual({ 'service-accounts': [] })
  })

  it('own keys that speak in the workspace, are not members and cannot be deleted while keyed', async () => {
    const created = await call(owner, 'POST', '/v1/service-accounts', { name: 'Narrator bot' })
    expect(created.statusCode).toBe(200)
    const accountId = created.json()['service-account-user-id'] as string
    const key = await call(owner, 'POST', `/v1/service-accounts/${accountId}/api-keys`, {
      name: 'prod',
      permissions: ['text_to_speech', 'voices_read'],
    })
    expect(key.statusCode).toBe(200)
    const { 'xi-api-key': secret, key_id: keyId } = key.json()

    const voice = PREMADE_VOICES[0]?.voice_id as string
    const speech = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${voice}?output_format=mp3_22050_32`,
      headers: { 'xi-api-key': secret },
      payload: { text: 'Hello.' },
    })
    expect(speech.statusCode).toBe(200)
    const history = await t.app.inject({
      method: 'GET',
      url: '/v1/history',
      headers: { 'xi-api-key': secret },
    })
    expect(history.statusCode).toBe(403)

    const members = (await call(owner, 'GET', '/v1/workspace/members')).json()
    expect(members.map((m: { email: string }) => m.email)).toEqual([owner.email, member.email])

    const listed = (await call(owner, 'GET', '/v1/service-accounts')).json()['service-accounts']
    expect(listed).toEqual([
      expect.objectContaining({
        service_account_user_id: accountId,
        name: 'Narrator bot',
        'api-keys': [
          expect.objectContaining({
            key_id: keyId,
            name: 'prod',
            is_disabled: false,
            permissions: ['text_to_speech', 'voices_read', 'voices_write'],
          }),
        ],
      }),
    ])

    const blocked = await call(owner, 'DELETE', `/v1/service-accounts/${accountId}`)
    expect(blocked.statusCode).toBe(409)
    expect(code(blocked)).toBe('service_account_has_keys')

    // Another workspace's admin sees none of it.
    expect(code(await call(outsider, 'GET', `/v1/service-accounts/${accountId}/api-keys`))).toBe(
      'service_account_not_found',
    )
    expect(
      (await call(outsider, 'DELETE', `/v1/service-accounts/${accountId}/api-keys/${keyId}`)).statusCode,
    ).toBe(404)
    expect(
      (await call(member, 'DELETE', `/v1/service-accounts/${accountId}/api-keys/${keyId}`)).statusCode,
    ).toBe(403)

    const disabled = await call(owner, 'PATCH', `/v1/service-accounts/${accountId}/api-keys/${keyId}`, {
      is_enabled: false,
    })
    expect(disabled.statusCode).toBe(200)
    const refused = await t.app.inject({
      method: 'GET',
      url: '/v1/voices',
      headers: { 'xi-api-key': secret },
    })
    expect(refused.statusCode).toBe(401)

    expect(
      (await call(owner, 'DELETE', `/v1/service-accounts/${accountId}/api-keys/${keyId}`)).statusCode,
    ).toBe(200)
    expect((await call(owner, 'DELETE', `/v1/service-accounts/${accountId}`)).statusCode).toBe(200)
    expect((await call(owner, 'GET', '/v1/service-accounts')).json()['service-accounts']).toEqual([])
  })

  it('stops at twenty', async () => {
    for (let i = 0; i < SERVICE_ACCOUNT_LIMIT; i += 1) {
      expect((await call(owner, 'POST', '/v1/service-accounts', { name: `Bot ${i}` })).statusCode).toBe(200)
    }
    const over = await call(owner, 'POST', '/v1/service-accounts', { name: 'One too many' })
    expect(over.statusCode).toBe(409)
    expect(code(over)).toBe('service_account_limit_reached')
    expect((await call(owner, 'GET', '/v1/service-accounts')).json()['service-accounts']).toHaveLength(
      SERVICE_ACCOUNT_LIMIT,
    )
  })

  it('a key disables itself with api_key_name self', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/user/api-keys',
      headers: owner.auth,
      payload: { name: 'mine', permissions: ['models'] },
    })
    const secret = created.json().api_key as string
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v1/workspaces/api-keys/disable?api_key_name=mine',
      headers: { 'xi-api-key': secret },
    })
    expect(wrong.statusCode, wrong.body).toBe(422)
    const done = await t.app.inject({
      method: 'POST',
      url: '/v1/workspaces/api-keys/disable?api_key_name=self',
      headers: { 'xi-api-key': secret },
    })
    expect(done.statusCode).toBe(200)
    const after = await t.app.inject({ method: 'GET', url: '/v1/models', headers: { 'xi-api-key': secret } })
    expect(after.statusCode).toBe(401)
  })
})
