import { OWNERSHIP_TRANSFER_SENTENCE } from '@timbre/contract'
import { PREMADE_VOICES } from '@timbre/speech'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { setPlan } from '../../../test/helpers/plans.js'
import { startSmtpSink } from '../../../test/helpers/smtp-sink.js'
import { createTestApp, PUBLIC_URL, type TestApp } from '../../../test/helpers/test-app.js'
import { createWorkspaceVoice } from '../../../test/helpers/voice-factory.js'

// Members, invites mailed through a real SMTP server, seats, locks, ownership, switching
// workspaces, groups with product permissions enforced on the speech routes, and sharing.

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let alice: TestUser
let bob: TestUser
let carol: TestUser
let aliceWs: string

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await createTestApp({ smtpUrl: smtp.url })
  alice = await createUser(t.app, t.database)
  bob = await createUser(t.app, t.database)
  carol = await createUser(t.app, t.database)
  // Scale: three seats.
  aliceWs = await setPlan(t.database, alice.userId, { tier: 'growing_business' })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

function call(user: { auth: Record<string, string> }, method: string, url: string, payload?: object) {
  return t.app.inject({ method: method as 'GET', url, headers: user.auth, ...(payload ? { payload } : {}) })
}

function detail(response: LightMyRequestResponse) {
  return response.json().detail as { code: string; message: string; type: string }
}

/** The invite code of the newest invite mail to an address (sign-up mails go there too). */
async function mailedCode(to: string, after = 0): Promise<string> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const codes = smtp.received
      .filter((m) => m.to.includes(to))
      .map((m) => m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .flatMap((raw) => {
        const match = /invite code is ([A-Za-z0-9_-]+)/.exec(raw)
        return match?.[1] ? [{ code: match[1], raw }] : []
      })
    const latest = codes[after]
    if (latest) {
      expect(latest.raw).toContain(`${PUBLIC_URL}/sign-in?email=`)
      return latest.code
    }
    if (Date.now() > deadline) throw new Error(`no invite mail to ${to}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function memberEmails(user: TestUser): Promise<string[]> {
  const response = await call(user, 'GET', '/v1/workspace/members')
  expect(response.statusCode).toBe(200)
  return response.json().map((m: { email: string }) => m.email)
}

describe('invites and members', () => {
  it('mails an invite whose code only the invited address can accept, once', async () => {
    const invited = await call(alice, 'POST', '/v1/workspace/invites/add', {
      email: bob.email,
      seat_type: 'workspace_member',
    })
    expect(invited.statusCode).toBe(200)
    expect(invited.json()).toEqual({ status: 'ok' })
    const code = await mailedCode(bob.email)

    // The invite page names the workspace and who sent it before anyone answers.
    const workspace = await t.database.db
      .selectFrom('workspaces')
      .select('name')
      .where('id', '=', aliceWs)
      .executeTakeFirstOrThrow()
    const preview = await call(bob, 'GET', `/v1/workspace/invites/${code}`)
    expect(preview.statusCode).toBe(200)
    expect(preview.json()).toMatchObject({
      workspace_name: workspace.name,
      inviter_email: alice.email,
      email: bob.email,
      seat_type: 'workspace_member',
      is_expired: false,
      email_matches: true,
    })
    expect((await call(carol, 'GET', `/v1/workspace/invites/${code}`)).json().email_matches).toBe(false)
    expect((await call(bob, 'GET', '/v1/workspace/invites/inv_unknown')).statusCode).toBe(404)

    const stolen = await call(carol, 'POST', `/v1/workspace/invites/${code}/accept`)
    expect(stolen.statusCode).toBe(403)
    expect(detail(stolen).code).toBe('invite_email_mismatch')
    expect(await memberEmails(alice)).toEqual([alice.email])

    const accepted = await call(bob, 'POST', `/v1/workspace/invites/${code}/accept`)
    expect(accepted.statusCode).toBe(200)
    const body = accepted.json()
    expect(body).toMatchObject({ status: 'ok', workspace_id: aliceWs })
    // The access token is refreshed: the old one no longer works, the new one does.
    expect((await call(bob, 'GET', '/v1/user')).statusCode).toBe(401)
    bob.auth = { authorization: `Bearer ${body.tokens.access_token}` }
    const user = await call(bob, 'GET', '/v1/user')
    expect(user.json().workspace_id).toBe(aliceWs)
    expect(await memberEmails(bob)).toEqual([alice.email, bob.email])

    const replay = await call(bob, 'POST', `/v1/workspace/invites/${code}/accept`)
    expect(replay.statusCode).toBe(404)
    expect((await call(bob, 'GET', `/v1/workspace/invites/${code}`)).statusCode).toBe(404)
    expect(detail(replay).code).toBe('invite_not_found')
  })

  it('lists members with owner and lock flags, and the admin flags', async () => {
    const members = (await call(alice, 'GET', '/v1/workspace/members')).json()
    expect(members).toEqual([
      expect.objectContaining({
        email: alice.email,
        is_owner: true,
        is_locked: false,
        seat_type: 'workspace_admin',
      }),
      expect.objectContaining({
        email: bob.email,
        is_owner: false,
        is_locked: false,
        seat_type: 'workspace_member',
      }),
    ])
    expect((await call(alice, 'GET', '/v1/workspace/is-admin')).json()).toEqual({ is_admin: true })
    expect((await call(bob, 'GET', '/v1/workspace/is-admin')).json()).toEqual({ is_admin: false })
    expect((await call(bob, 'GET', '/v1/workspace/can-access-workspace-settings')).json()).toEqual({
      can_access_workspace_settings: false,
    })
  })

  it('refuses every admin action of a member and changes nothing', async () => {
    const group = (await call(alice, 'POST', '/v1/workspace/groups', { name: 'Admins only' })).json()
    const attempts: Array<[string, string, object?]> = [
      ['POST', '/v1/workspace/invites/add', { email: 'someone@example.com' }],
      ['POST', '/v1/workspace/invites/add-bulk', { emails: ['a@example.com'] }],
      ['DELETE', '/v1/workspace/invites', { email: 'someone@example.com' }],
      ['POST', '/v1/workspace/members', { email: alice.email, is_locked: true }],
      ['POST', '/v1/workspace/members', { email: bob.email, workspace_seat_type: 'workspace_admin' }],
      ['DELETE', '/v1/workspace/members', { email: alice.email }],
      ['POST', '/v1/workspace/groups', { name: 'Mine' }],
      ['PATCH', `/v1/workspace/groups/${group.id}`, { name: 'Renamed' }],
      ['DELETE', `/v1/workspace/groups/${group.id}`],
      ['POST', `/v1/workspace/groups/${group.id}/members`, { email: bob.email }],
      ['POST', `/v1/workspace/groups/${group.id}/members/remove`, { email: bob.email }],
    ]
    for (const [method, url, payload] of attempts) {
      const response = await call(bob, method, url, payload)
      expect(response.statusCode, `${method} ${url}`).toBe(403)
      expect(detail(response).code).toBe('workspace_admin_required')
    }
    const transfer = await call(bob, 'POST', '/v1/workspace/transfer-ownership', {
      email: bob.email,
      confirm: true,
      confirmation_text: OWNERSHIP_TRANSFER_SENTENCE,
    })
    expect(transfer.statusCode).toBe(403)
    // An admin page answers the permission-request 401.
    const page = await call(bob, 'GET', '/v1/workspace/invites')
    expect(page.statusCode).toBe(401)
    expect(detail(page)).toMatchObject({ type: 'does_not_have_required_permissions' })

    const members = (await call(alice, 'GET', '/v1/workspace/members')).json()
    expect(members.map((m: { is_locked: boolean; seat_type: string }) => [m.is_locked, m.seat_type])).toEqual(
      [
        [false, 'workspace_admin'],
        [false, 'workspace_member'],
      ],
    )
    const groups = (await call(alice, 'GET', '/v1/workspace/groups')).json()
    expect(groups[group.id]).toMatchObject({ name: 'Admins only', members: [] })
    expect(Object.keys(groups)).toHaveLength(2)
    expect((await call(alice, 'GET', '/v1/workspace/invites')).json().invites).toEqual([])
  })

  it('counts invites against the seats and frees a seat when an invite or member goes', async () => {
    expect((await call(alice, 'POST', '/v1/workspace/invites/add', { email: carol.email })).statusCode).toBe(
      200,
    )
    const over = await call(alice, 'POST', '/v1/workspace/invites/add', { email: 'dave@example.com' })
    expect(over.statusCode).toBe(403)
    expect(detail(over).code).toBe('seat_limit_reached')
    // Inviting the same address again replaces its code without another seat.
    expect((await call(alice, 'POST', '/v1/workspace/invites/add', { email: carol.email })).statusCode).toBe(
      200,
    )
    const already = await call(alice, 'POST', '/v1/workspace/invites/add', { email: bob.email })
    expect(detail(already).code).toBe('already_member')

    expect((await call(alice, 'DELETE', '/v1/workspace/invites', { email: carol.email })).statusCode).toBe(
      200,
    )
    const gone = await call(alice, 'DELETE', '/v1/workspace/invites', { email: carol.email })
    expect(detail(gone).code).toBe('invite_not_found')
    expect(
      (await call(alice, 'POST', '/v1/workspace/invites/add', { email: 'dave@example.com' })).statusCode,
    ).toBe(200)
    // Carol's old code was withdrawn with the invite.
    const invites = (await call(alice, 'GET', '/v1/workspace/invites')).json().invites
    expect(invites.map((i: { email: string }) => i.email)).toEqual(['dave@example.com'])
  })

  it('an invite whose seat was lost to a smaller plan cannot be accepted', async () => {
    const frank = await createUser(t.app, t.database, { email: `frank-${Date.now()}@example.com` })
    await call(alice, 'DELETE', '/v1/workspace/invites', { email: 'dave@example.com' })
    expect((await call(alice, 'POST', '/v1/workspace/invites/add', { email: frank.email })).statusCode).toBe(
      200,
    )
    const code = await mailedCode(frank.email)
    await setPlan(t.database, alice.userId, { tier: 'free' })
    const refused = await call(frank, 'POST', `/v1/workspace/invites/${code}/accept`)
    expect(refused.statusCode).toBe(403)
    expect(detail(refused).code).toBe('seat_limit_reached')
    expect(await memberEmails(alice)).toEqual([alice.email, bob.email])
    await setPlan(t.database, alice.userId, { tier: 'growing_business' })
    await call(alice, 'DELETE', '/v1/workspace/invites', { email: frank.email })
  })

  it('declining ends the invite and frees its seat', async () => {
    const dave = await createUser(t.app, t.database, { email: `dave-${Date.now()}@example.com` })
    expect((await call(alice, 'POST', '/v1/workspace/invites/add', { email: dave.email })).statusCode).toBe(
      200,
    )
    const code = await mailedCode(dave.email)
    expect((await call(dave, 'POST', `/v1/workspace/invites/${code}/decline`)).statusCode).toBe(200)
    expect(detail(await call(dave, 'POST', `/v1/workspace/invites/${code}/accept`)).code).toBe(
      'invite_not_found',
    )
    expect((await call(alice, 'GET', '/v1/workspace/invites')).json().invites).toEqual([])
  })

  it('bulk invites only on enterprise, with addresses split on spaces, commas and newlines', async () => {
    const scale = await call(alice, 'POST', '/v1/workspace/invites/add-bulk', { emails: ['x@example.com'] })
    expect(detail(scale).code).toBe('bulk_invites_enterprise_only')
    await setPlan(t.database, alice.userId, { tier: 'enterprise' })
    const none = await call(alice, 'POST', '/v1/workspace/invites/add-bulk', {
      emails: ['nobody, not-an-email'],
    })
    expect(none.statusCode).toBe(422)
    expect(detail(none).message).toBe('No valid email addresses found for bulk invites.')
    const bulk = await call(alice, 'POST', '/v1/workspace/invites/add-bulk', {
      emails: ['one@example.com, two@example.com\nthree@example.com  broken@', 'one@example.com'],
    })
    expect(bulk.statusCode).toBe(200)
    const invites = (await call(alice, 'GET', '/v1/workspace/invites')).json().invites
    expect(invites.map((i: { email: string }) => i.email).sort()).toEqual([
      'one@example.com',
      'three@example.com',
      'two@example.com',
    ])
    await smtp.waitFor('three@example.com')
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com'])
      await call(alice, 'DELETE', '/v1/workspace/invites', { email })
    await setPlan(t.database, alice.userId, { tier: 'growing_business' })
  })

  it('locks and re-enables a member; a locked member works in their own workspace', async () => {
    const lock = await call(alice, 'POST', '/v1/workspace/members', { email: bob.email, is_locked: true })
    expect(lock.statusCode).toBe(200)
    expect(await memberEmails(bob)).toEqual([bob.email])
    expect((await call(bob, 'GET', '/v1/user')).json().workspace_id).toBe(
      await workspaceIdOf(t.database.db, bob.userId),
    )
    const back = await call(bob, 'POST', `/v1/workspaces/${aliceWs}/switch`)
    expect(back.statusCode).toBe(403)
    expect(detail(back).code).toBe('member_locked')

    await call(alice, 'POST', '/v1/workspace/members', { email: bob.email, is_locked: false })
    const switched = await call(bob, 'POST', `/v1/workspaces/${aliceWs}/switch`)
    expect(switched.json()).toEqual({ workspace_id: aliceWs })
    const mine = (await call(bob, 'GET', '/v1/workspaces')).json().workspaces
    expect(mine).toHaveLength(2)
    expect(mine.find((w: { is_current: boolean }) => w.is_current)).toMatchObject({
      workspace_id: aliceWs,
      role: 'member',
    })
    expect((await call(carol, 'POST', `/v1/workspaces/${aliceWs}/switch`)).statusCode).toBe(404)
  })

  it('keeps the owner: no lock, demotion or removal', async () => {
    for (const payload of [
      { email: alice.email, is_locked: true },
      { email: alice.email, workspace_seat_type: 'workspace_member' },
    ]) {
      const response = await call(alice, 'POST', '/v1/workspace/members', payload)
      expect(detail(response).code).toBe('owner_cannot_be_changed')
    }
    expect(detail(await call(alice, 'DELETE', '/v1/workspace/members', { email: alice.email })).code).toBe(
      'owner_cannot_be_changed',
    )
    expect(
      (await call(alice, 'POST', '/v1/workspace/members', { email: 'nobody@example.com' })).statusCode,
    ).toBe(404)
  })

  it('an identity-provider-disabled account cannot be enabled or deleted by admins', async () => {
    const erin = await createUser(t.app, t.database)
    await t.database.db
      .insertInto('workspace_members')
      .values({ workspace_id: aliceWs, user_id: erin.userId, role: 'member', state: 'disabled' })
      .execute()
    const enable = await call(alice, 'POST', '/v1/workspace/members', { email: erin.email, is_locked: false })
    expect(detail(enable).code).toBe('member_disabled_by_identity_provider')
    const remove = await call(alice, 'DELETE', '/v1/workspace/members', { email: erin.email })
    expect(detail(remove).code).toBe('member_disabled_by_identity_provider')
    await t.database.db
      .deleteFrom('workspace_members')
      .where('user_id', '=', erin.userId)
      .where('workspace_id', '=', aliceWs)
      .execute()
  })
})

describe('groups and product permissions', () => {
  const voice = PREMADE_VOICES[0]?.voice_id as string
  const speak = (user: TestUser) =>
    call(user, 'POST', `/v1/text-to-speech/${voice}?output_format=mp3_22050_32`, { text: 'Hi.' })

  it('takes text to speech away through the Everyone group and gives it back through a group', async () => {
    expect((await speak(bob)).statusCode).toBe(200)
    const groups = (await call(alice, 'GET', '/v1/workspace/groups')).json()
    const everyone = Object.values(groups).find((g) => (g as { is_everyone: boolean }).is_everyone) as {
      id: string
      members: string[]
      permissions: string[]
    }
    expect(everyone.members).toEqual([alice.email, bob.email])
    expect(everyone.permissions).toContain('text_to_speech')

    // A group cannot restrict what Everyone still grants.
    const guarded = await call(alice, 'POST', '/v1/workspace/groups', {
      name: 'No speech',
      permissions: everyone.permissions.filter((p) => p !== 'text_to_speech'),
    })
    expect(guarded.statusCode).toBe(409)
    expect(detail(guarded).message).toContain('Any feature must be disabled in the Everyone group first')

    const without = everyone.permissions.filter((p) => p !== 'text_to_speech')
    expect(
      (await call(alice, 'PATCH', `/v1/workspace/groups/${everyone.id}`, { permissions: without }))
        .statusCode,
    ).toBe(200)
    const refused = await speak(bob)
    expect(refused.statusCode).toBe(403)
    expect(detail(refused).code).toBe('product_access_denied')
    // The WebSocket stream is refused the same way, at the upgrade.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const socket = new WebSocket(`${address.replace('http', 'ws')}/v1/text-to-speech/${voice}/stream-input`, {
      headers: bob.auth,
    })
    const upgrade = await new Promise<number>((resolve) => {
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0))
      socket.on('open', () => resolve(101))
      socket.on('error', () => resolve(-1))
    })
    expect(upgrade).toBe(403)
    // Admins keep every product.
    expect((await speak(alice)).statusCode).toBe(200)

    const speakers = await call(alice, 'POST', '/v1/workspace/groups', {
      name: 'Speakers',
      permissions: [...without, 'text_to_speech'],
    })
    expect(speakers.statusCode).toBe(201)
    const speakersId = speakers.json().id
    expect(
      (await call(alice, 'POST', `/v1/workspace/groups/${speakersId}/members`, { email: bob.email }))
        .statusCode,
    ).toBe(200)
    expect((await speak(bob)).statusCode).toBe(200)
    const found = (await call(bob, 'GET', '/v1/workspace/groups/search?name=speak')).json()
    expect(found).toEqual([{ id: speakersId, name: 'Speakers', members_emails: [bob.email] }])

    await call(alice, 'POST', `/v1/workspace/groups/${speakersId}/members/remove`, { email: bob.email })
    expect((await speak(bob)).statusCode).toBe(403)
    await call(alice, 'PATCH', `/v1/workspace/groups/${everyone.id}`, { permissions: everyone.permissions })
    expect((await speak(bob)).statusCode).toBe(200)
  })

  it('refuses empty names, the Everyone group’s renaming and other workspaces’ groups', async () => {
    expect(detail(await call(alice, 'POST', '/v1/workspace/groups', { name: '  ' })).code).toBe(
      'group_name_empty',
    )
    const groups = (await call(alice, 'GET', '/v1/workspace/groups')).json()
    const everyoneId = Object.keys(groups).find((id) => groups[id].is_everyone) as string
    expect(
      detail(await call(alice, 'PATCH', `/v1/workspace/groups/${everyoneId}`, { name: 'All' })).code,
    ).toBe('everyone_group_protected')
    expect(detail(await call(alice, 'DELETE', `/v1/workspace/groups/${everyoneId}`)).code).toBe(
      'everyone_group_protected',
    )
    const carolGroup = (await call(carol, 'POST', '/v1/workspace/groups', { name: 'Carol team' })).json()
    const foreign = await call(alice, 'POST', `/v1/workspace/groups/${carolGroup.id}/members`, {
      email: bob.email,
    })
    expect(foreign.statusCode).toBe(404)
    expect(detail(foreign).code).toBe('group_not_found')
  })
})

describe('resource sharing', () => {
  it('shares a voice with members and groups; other workspaces see nothing', async () => {
    const voice = await createWorkspaceVoice(t.database.db, {
      userId: alice.userId,
      workspaceId: aliceWs,
      name: 'Team voice',
    })
    const url = `/v1/workspace/resources/${voice.id}`
    const before = (await call(alice, 'GET', `${url}?resource_type=voice`)).json()
    expect(before).toMatchObject({
      resource_id: voice.id,
      resource_name: 'Team voice',
      resource_type: 'voice',
      creator_user_id: alice.userId,
      role_to_group_ids: { admin: [alice.userId], editor: [], viewer: [] },
    })
    expect(before.share_options).toContainEqual({ name: bob.email, id: bob.userId, type: 'user' })

    // A member who is neither creator nor admin of the voice cannot share it.
    const denied = await call(bob, 'POST', `${url}/share`, {
      role: 'viewer',
      resource_type: 'voice',
      user_email: bob.email,
    })
    expect(detail(denied).code).toBe('resource_sharing_not_allowed')

    expect(
      (
        await call(alice, 'POST', `${url}/share`, {
          role: 'editor',
          resource_type: 'voice',
          user_email: bob.email,
        })
      ).statusCode,
    ).toBe(200)
    expect(
      (
        await call(alice, 'POST', `${url}/share`, {
          role: 'viewer',
          resource_type: 'voice',
          group_id: 'default',
        })
      ).statusCode,
    ).toBe(200)
    const after = (await call(bob, 'GET', `${url}?resource_type=voice`)).json()
    expect(after.role_to_group_ids.editor).toEqual([bob.userId])
    expect(after.role_to_group_ids.viewer).toHaveLength(1)
    expect(after.share_options).not.toContainEqual(expect.objectContaining({ id: bob.userId }))

    const outsider = await call(carol, 'GET', `${url}?resource_type=voice`)
    expect(outsider.statusCode).toBe(404)
    expect(detail(outsider).code).toBe('resource_not_found')
    expect(
      (
        await call(carol, 'POST', `${url}/share`, {
          role: 'admin',
          resource_type: 'voice',
          user_email: carol.email,
        })
      ).statusCode,
    ).toBe(404)
    const notMember = await call(alice, 'POST', `${url}/share`, {
      role: 'viewer',
      resource_type: 'voice',
      user_email: carol.email,
    })
    expect(detail(notMember).code).toBe('member_not_found')
    const two = await call(alice, 'POST', `${url}/share`, {
      role: 'viewer',
      resource_type: 'voice',
      user_email: bob.email,
      group_id: 'default',
    })
    expect(detail(two).code).toBe('invalid_share_target')

    expect(
      (await call(alice, 'POST', `${url}/unshare`, { resource_type: 'voice', user_email: bob.email }))
        .statusCode,
    ).toBe(200)
    expect((await call(alice, 'GET', `${url}?resource_type=voice`)).json().role_to_group_ids.editor).toEqual(
      [],
    )
  })
})

describe('sharing settings', () => {
  it('lets a voice’s creator share it until sharing is limited to admins', async () => {
    const voice = await createWorkspaceVoice(t.database.db, {
      userId: bob.userId,
      workspaceId: aliceWs,
      name: 'Bob voice',
    })
    const share = () =>
      call(bob, 'POST', `/v1/workspace/resources/${voice.id}/share`, {
        role: 'viewer',
        resource_type: 'voice',
        user_email: alice.email,
      })
    expect((await share()).statusCode).toBe(200)
    const byMember = await call(bob, 'PATCH', '/v1/workspace/settings', { sharing_limited_to_admins: true })
    expect(byMember.statusCode).toBe(403)
    const limited = await call(alice, 'PATCH', '/v1/workspace/settings', { sharing_limited_to_admins: true })
    expect(limited.json()).toMatchObject({ workspace_id: aliceWs, sharing_limited_to_admins: true })
    expect(detail(await share()).code).toBe('resource_sharing_not_allowed')
    await call(alice, 'PATCH', '/v1/workspace/settings', { sharing_limited_to_admins: false })
  })
})

describe('removal and ownership', () => {
  it('transfers ownership only with the confirmation, then the new owner may demote the old one', async () => {
    await call(alice, 'POST', '/v1/workspace/members', {
      email: bob.email,
      workspace_seat_type: 'workspace_admin',
    })
    const unconfirmed = await call(alice, 'POST', '/v1/workspace/transfer-ownership', {
      email: bob.email,
      confirm: true,
      confirmation_text: 'yes',
    })
    expect(unconfirmed.statusCode).toBe(422)
    expect(detail(unconfirmed).code).toBe('ownership_confirmation_required')
    const unticked = await call(alice, 'POST', '/v1/workspace/transfer-ownership', {
      email: bob.email,
      confirm: false,
      confirmation_text: OWNERSHIP_TRANSFER_SENTENCE,
    })
    expect(unticked.statusCode).toBe(422)
    const done = await call(alice, 'POST', '/v1/workspace/transfer-ownership', {
      email: bob.email,
      confirm: true,
      confirmation_text: OWNERSHIP_TRANSFER_SENTENCE,
    })
    expect(done.statusCode).toBe(200)
    const members = (await call(bob, 'GET', '/v1/workspace/members')).json()
    expect(members.find((m: { email: string }) => m.email === bob.email)).toMatchObject({
      is_owner: true,
      role: 'owner',
    })
    expect(members.find((m: { email: string }) => m.email === alice.email)).toMatchObject({
      is_owner: false,
      role: 'admin',
    })
    expect(
      (
        await call(bob, 'POST', '/v1/workspace/members', {
          email: alice.email,
          workspace_seat_type: 'workspace_member',
        })
      ).statusCode,
    ).toBe(200)
    expect((await call(alice, 'GET', '/v1/workspace/is-admin')).json()).toEqual({ is_admin: false })
  })

  it('removing a member frees the seat and sends them back to their own workspace', async () => {
    const removed = await call(bob, 'DELETE', '/v1/workspace/members', { email: alice.email })
    expect(removed.statusCode).toBe(200)
    expect(await memberEmails(bob)).toEqual([bob.email])
    expect((await call(alice, 'GET', '/v1/user')).json().workspace_id).not.toBe(aliceWs)
    expect((await call(alice, 'GET', '/v1/workspaces')).json().workspaces).toHaveLength(1)
  })
})
