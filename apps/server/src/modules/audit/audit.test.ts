import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { AUDIT_ACTIVITIES, type AuditActivity, OWNERSHIP_TRANSFER_SENTENCE } from '@timbre/contract'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// The audit log: each admin action, done through the API, leaves one entry written by the service
// that performed it; admins read them newest first through the official SDK; members are refused
// and other workspaces see nothing.

let t: TestApp
let owner: TestUser
let bob: TestUser
let carol: TestUser
let outsider: TestUser
let client: ElevenLabsClient
let address: string
let workspaceId: string

function call(user: TestUser, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...user.auth, 'user-agent': 'audit-test/1.0' },
    ...(payload ? { payload } : {}),
  })
}
const ok = (r: LightMyRequestResponse) => {
  if (r.statusCode >= 300) throw new Error(`${r.statusCode} ${r.body}`)
  return r
}

async function join(user: TestUser) {
  await t.database.db
    .insertInto('workspace_members')
    .values({ workspace_id: workspaceId, user_id: user.userId, role: 'member' })
    .execute()
  await t.database.db
    .updateTable('users')
    .set({ workspace_id: workspaceId })
    .where('id', '=', user.userId)
    .execute()
}

async function entries() {
  const page = await client.workspace.auditLogs.list({ limit: 200 })
  return page.entries
}

async function latest(activity: AuditActivity) {
  return (await entries()).find((e) => e.activityName === AUDIT_ACTIVITIES[activity].name)
}

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' } })
  owner = await createUser(t.app, t.database)
  bob = await createUser(t.app, t.database)
  carol = await createUser(t.app, t.database)
  outsider = await createUser(t.app, t.database)
  workspaceId = await setPlan(t.database, owner.userId, { tier: 'enterprise' })
  await join(bob)
  await join(carol)
  const key = ok(await call(owner, 'POST', '/v1/user/api-keys', { name: 'audit reader' })).json()
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey: key.api_key, baseUrl: address })
})
afterAll(() => t?.close())

describe('audit entries for admin actions', () => {
  it('records members invited, re-roled, locked, re-enabled and invites revoked', async () => {
    ok(await call(owner, 'POST', '/v1/workspace/invites/add', { email: 'dana@example.com' }))
    const invited = await latest('member_invited')
    expect(invited).toMatchObject({
      classUid: 3001,
      className: 'Account Change',
      activityId: 1,
      typeUid: 300101,
      categoryUid: 3,
      statusId: 1,
      actor: { user: { uid: owner.userId, emailAddr: owner.email }, appName: 'Timbre web app' },
      httpRequest: {
        httpMethod: 'POST',
        url: { path: '/v1/workspace/invites/add' },
        userAgent: 'audit-test/1.0',
      },
      metadata: { activity: 'member_invited', target_type: 'invite', target_id: 'dana@example.com' },
      unmapped: { role: 'member' },
    })
    expect(invited?.device?.ip).toBe('127.0.0.1')
    expect(invited?.message).toContain('dana@example.com')
    ok(await call(owner, 'DELETE', '/v1/workspace/invites', { email: 'dana@example.com' }))
    expect((await latest('invite_revoked'))?.metadata).toMatchObject({ target_id: 'dana@example.com' })

    ok(
      await call(owner, 'POST', '/v1/workspace/members', {
        email: bob.email,
        workspace_seat_type: 'workspace_admin',
      }),
    )
    expect(await latest('member_role_changed')).toMatchObject({ classUid: 3005, unmapped: { role: 'admin' } })
    ok(await call(owner, 'POST', '/v1/workspace/members', { email: carol.email, is_locked: true }))
    expect((await latest('member_locked'))?.metadata).toMatchObject({ target_id: carol.email })
    ok(await call(owner, 'POST', '/v1/workspace/members', { email: carol.email, is_locked: false }))
    expect((await latest('member_enabled'))?.metadata).toMatchObject({ target_id: carol.email })
    ok(await call(owner, 'PATCH', '/v1/workspace/settings', { sharing_limited_to_admins: true }))
    expect(await latest('workspace_settings_changed')).toMatchObject({
      unmapped: { sharing_limited_to_admins: true },
    })
  })

  it('records group changes and permissions', async () => {
    const group = ok(await call(owner, 'POST', '/v1/workspace/groups', { name: 'Editors' })).json()
    expect(await latest('group_created')).toMatchObject({
      classUid: 3006,
      activityId: 6,
      metadata: { target_id: group.id },
    })
    ok(await call(owner, 'PATCH', `/v1/workspace/groups/${group.id}`, { name: 'Senior editors' }))
    expect(await latest('group_updated')).toMatchObject({
      activityId: 1,
      unmapped: { name: 'Senior editors' },
    })
    ok(await call(owner, 'POST', `/v1/workspace/groups/${group.id}/members`, { email: carol.email }))
    expect(await latest('group_member_added')).toMatchObject({
      activityId: 3,
      unmapped: { email: carol.email },
    })
    ok(await call(owner, 'POST', `/v1/workspace/groups/${group.id}/members/remove`, { email: carol.email }))
    expect(await latest('group_member_removed')).toMatchObject({ activityId: 4 })
    ok(await call(owner, 'DELETE', `/v1/workspace/groups/${group.id}`))
    expect(await latest('group_deleted')).toMatchObject({ unmapped: { name: 'Senior editors' } })
  })

  it('records webhooks created, changed and deleted', async () => {
    const created = ok(
      await call(owner, 'POST', '/v1/workspace/webhooks', {
        settings: { auth_type: 'hmac', name: 'Ops', webhook_url: 'https://127.0.0.1:9/hook?token=secret' },
      }),
    ).json()
    const entry = await latest('webhook_created')
    expect(entry).toMatchObject({
      classUid: 3004,
      metadata: { target_id: created.webhook_id },
      unmapped: { name: 'Ops' },
    })
    // The receiver's address is recorded by host only: a token in its query stays out of the log.
    expect(JSON.stringify(entry)).not.toContain('secret')
    ok(
      await call(owner, 'PATCH', `/v1/workspace/webhooks/${created.webhook_id}`, {
        name: 'Ops 2',
        is_disabled: true,
      }),
    )
    expect(await latest('webhook_updated')).toMatchObject({ unmapped: { name: 'Ops 2', is_disabled: true } })
    ok(await call(owner, 'DELETE', `/v1/workspace/webhooks/${created.webhook_id}`))
    expect((await latest('webhook_deleted'))?.metadata).toMatchObject({ target_id: created.webhook_id })
  })

  it('records service accounts and their keys', async () => {
    const account = ok(await call(owner, 'POST', '/v1/service-accounts', { name: 'CI' })).json()
    const id = account['service-account-user-id']
    expect(await latest('service_account_created')).toMatchObject({ unmapped: { name: 'CI' } })
    const key = ok(
      await call(owner, 'POST', `/v1/service-accounts/${id}/api-keys`, {
        name: 'deploy',
        permissions: 'all',
      }),
    ).json()
    expect(await latest('api_key_created')).toMatchObject({
      metadata: { target_id: key.key_id },
      unmapped: { service_account: id },
    })
    ok(await call(owner, 'PATCH', `/v1/service-accounts/${id}/api-keys/${key.key_id}`, { is_enabled: false }))
    expect((await latest('api_key_updated'))?.metadata).toMatchObject({ target_id: key.key_id })
    ok(await call(owner, 'DELETE', `/v1/service-accounts/${id}/api-keys/${key.key_id}`))
    expect((await latest('api_key_deleted'))?.metadata).toMatchObject({ target_id: key.key_id })
    ok(await call(owner, 'DELETE', `/v1/service-accounts/${id}`))
    expect((await latest('service_account_deleted'))?.metadata).toMatchObject({ target_id: id })
  })

  it('records billing plan changes', async () => {
    ok(await call(owner, 'POST', '/cancel-downgrade'))
    expect(await latest('subscription_changed')).toMatchObject({
      metadata: { target_type: 'subscription', target_id: workspaceId },
      unmapped: { action: 'cancel_downgrade' },
    })
  })

  it('records security and SSO settings, admins’ own API keys and a paid checkout', async () => {
    ok(await call(owner, 'PATCH', '/v1/workspace/security', { session_inactivity_timeout: 3600 }))
    expect(await latest('security_settings_changed')).toMatchObject({
      metadata: { target_type: 'workspace', target_id: workspaceId },
      unmapped: { session_inactivity_timeout: 3600 },
    })
    ok(await call(owner, 'PATCH', '/v1/workspace/security', { mfa_required_for_users: false }))
    expect(await latest('security_settings_changed')).toMatchObject({
      unmapped: { mfa_required_for_users: false },
    })

    const domain = ok(
      await call(owner, 'POST', '/v1/workspace/domains', { domain: 'audit-example.com' }),
    ).json()
    expect(await latest('sso_settings_changed')).toMatchObject({
      metadata: { target_type: 'domain', target_id: domain.domain_id },
      unmapped: { action: 'domain_added', domain: 'audit-example.com' },
    })
    ok(await call(owner, 'PATCH', '/v1/workspace/sso-settings', { user_auto_provisioning_enabled: true }))
    expect(await latest('sso_settings_changed')).toMatchObject({
      unmapped: { action: 'settings_updated', sso_required: false, user_auto_provisioning_enabled: true },
    })

    const key = ok(await call(owner, 'POST', '/v1/user/api-keys', { name: 'Deploy key' })).json()
    expect(await latest('api_key_created')).toMatchObject({
      metadata: { target_type: 'api_key', target_id: key.key_id },
      unmapped: { name: 'Deploy key' },
    })
    ok(await call(owner, 'DELETE', `/v1/user/api-keys/${key.key_id}`))
    expect(await latest('api_key_deleted')).toMatchObject({
      metadata: { target_type: 'api_key', target_id: key.key_id },
    })
    // A member's own key is not an admin action.
    const before = (await entries()).length
    const memberKey = ok(await call(carol, 'POST', '/v1/user/api-keys', { name: 'Carol key' })).json()
    ok(await call(carol, 'DELETE', `/v1/user/api-keys/${memberKey.key_id}`))
    expect((await entries()).length).toBe(before)

    // A plan bought at checkout is a plan change in the buyer's workspace.
    const buyer = await createUser(t.app, t.database)
    const session = ok(
      await call(buyer, 'POST', '/create-checkout-session', {
        subscription_type: 'creator',
        billing_period: 'monthly_period',
      }),
    ).json()
    const sessionId = String(session.url).split('/').pop()
    ok(
      await call(buyer, 'POST', `/v1/billing/local/checkout/${sessionId}/pay`, {
        card_number: '4242 4242 4242 4242',
      }),
    )
    const log = ok(await call(buyer, 'GET', '/v1/workspace/audit-logs')).json()
    expect(log.entries[0]).toMatchObject({
      activity_name: 'Subscription Changed',
      unmapped: { action: 'checkout', tier: 'creator' },
    })
  })

  it('records a member removed and the ownership transferred', async () => {
    const dave = await createUser(t.app, t.database)
    await join(dave)
    ok(await call(owner, 'DELETE', '/v1/workspace/members', { email: dave.email }))
    expect((await latest('member_removed'))?.metadata).toMatchObject({ target_id: dave.email })
    ok(
      await call(owner, 'POST', '/v1/workspace/transfer-ownership', {
        email: bob.email,
        confirm: true,
        confirmation_text: OWNERSHIP_TRANSFER_SENTENCE,
      }),
    )
    expect(await latest('ownership_transferred')).toMatchObject({
      actor: { user: { uid: owner.userId } },
      metadata: { target_id: bob.email },
    })
  })

  it('writes nothing when a member tries an admin action', async () => {
    const before = (await entries()).length
    const refused = await call(carol, 'POST', '/v1/workspace/groups', { name: 'Not mine' })
    expect(refused.statusCode).toBe(403)
    expect((await entries()).length).toBe(before)
  })
})

describe('reading the audit log', () => {
  it('pages newest first with the cursor and filters by activity, class, actor and time', async () => {
    const all = await entries()
    expect(all.length).toBeGreaterThan(20)
    const times = all.map((e) => e.time as number)
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    const seen: string[] = []
    let cursor: string | undefined
    for (;;) {
      const page = await client.workspace.auditLogs.list({ limit: 7, ...(cursor ? { cursor } : {}) })
      seen.push(...page.entries.map((e) => e.id))
      if (!page.hasMore) break
      expect(page.nextCursor).toBeTruthy()
      cursor = page.nextCursor
    }
    expect(seen).toEqual(all.map((e) => e.id))

    const groups = await client.workspace.auditLogs.list({ className: 'Group Management' })
    expect(groups.entries.length).toBe(5)
    expect(new Set(groups.entries.map((e) => e.classUid))).toEqual(new Set([3006]))
    const invites = await client.workspace.auditLogs.list({ activityName: 'Member Invited' })
    expect(invites.entries.map((e) => e.activityName)).toEqual(['Member Invited'])
    const byOwner = await client.workspace.auditLogs.list({ actorUid: owner.userId, limit: 200 })
    expect(byOwner.entries.length).toBe(all.length)
    expect((await client.workspace.auditLogs.list({ actorUid: carol.userId })).entries).toEqual([])
    const newest = all[0]?.time as number
    const window = await client.workspace.auditLogs.list({ timeFromUnixMs: newest, timeToUnixMs: newest })
    expect(window.entries.map((e) => e.id)).toContain(all[0]?.id)
    expect((await client.workspace.auditLogs.list({ className: 'Nothing Like It' })).entries).toEqual([])
  })

  it('refuses a forged cursor', async () => {
    const r = await call(owner, 'GET', '/v1/workspace/audit-logs?cursor=not-a-cursor')
    expect(r.statusCode).toBe(422)
    expect(r.json().detail.code).toBe('audit_cursor_invalid')
  })

  it('refuses members (403) and shows another workspace nothing', async () => {
    const member = await call(carol, 'GET', '/v1/workspace/audit-logs')
    expect(member.statusCode).toBe(403)
    expect(member.body).not.toContain('entries')
    const key = ok(await call(outsider, 'POST', '/v1/user/api-keys', { name: 'other' })).json()
    const other = new ElevenLabsClient({ apiKey: key.api_key, baseUrl: address })
    // The outsider's own workspace holds only its own key's creation, none of this workspace's.
    const page = await other.workspace.auditLogs.list()
    expect(page.entries.map((e) => [e.activityName, e.metadata?.target_id])).toEqual([
      ['API Key Created', key.key_id],
    ])
    expect(page.hasMore).toBe(false)
    const asMember = await new ElevenLabsClient({
      apiKey: ok(await call(carol, 'POST', '/v1/user/api-keys', { name: 'carol' })).json().api_key,
      baseUrl: address,
    }).workspace.auditLogs
      .list()
      .catch((e: unknown) => e)
    expect(asMember).toBeInstanceOf(ElevenLabsError)
    expect((asMember as ElevenLabsError).statusCode).toBe(403)
  })
})
