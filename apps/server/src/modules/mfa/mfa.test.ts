import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { codeFor, enrolTwoFactor } from '../../../test/helpers/two-factor.js'

// Two-factor sign-in with authenticator and backup codes, the workspace's two-factor
// requirement and session inactivity timeout, and the sign-in refusals, on the real app.

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

type Caller = { auth: Record<string, string> } | null

function call(user: Caller, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: user?.auth ?? {},
    ...(payload ? { payload } : {}),
  })
}

function detail(response: LightMyRequestResponse) {
  return response.json().detail as { code: string; message: string; type: string }
}

/** Turns two-factor on for a user; answers the secret and the backup codes. */
const enrol = (user: TestUser) => enrolTwoFactor(t.app, user)

function signIn(user: TestUser) {
  return call(null, 'POST', '/v1/auth/sign-in', { email: user.email, password: user.password })
}

async function mfaToken(user: TestUser): Promise<string> {
  const response = await signIn(user)
  expect(response.statusCode).toBe(200)
  expect(response.json().two_factor_required).toBe(true)
  return response.json().mfa_token
}

function withCode(token: string, code: string) {
  return call(null, 'POST', '/v1/auth/sign-in/code', { mfa_token: token, code })
}

/** Adds a user to a workspace as an enabled member and makes it their current one. */
async function joinWorkspace(user: TestUser, workspaceId: string, role: 'admin' | 'member' = 'member') {
  await t.database.db
    .insertInto('workspace_members')
    .values({ workspace_id: workspaceId, user_id: user.userId, role })
    .execute()
  await t.database.db
    .updateTable('users')
    .set({ workspace_id: workspaceId })
    .where('id', '=', user.userId)
    .execute()
}

describe('two-factor enrolment and sign-in', () => {
  let user: TestUser
  let secret: string
  let backupCodes: string[]
  let confirmCode: string
  let confirmedAt: number

  beforeAll(async () => {
    user = await createUser(t.app, t.database)
  })

  it('enrols with a secret sealed at rest, an otpauth URI and a QR code', async () => {
    const started = await call(user, 'POST', '/v1/user/mfa/totp/enroll')
    expect(started.statusCode).toBe(200)
    const body = started.json()
    secret = body.secret
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Timbre:/)
    expect(body.otpauth_uri).toContain(`secret=${secret}`)
    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(body.qr_code.split(',')[1], 'base64').toString()).toContain('<svg')
    const row = await t.database.db
      .selectFrom('user_totp')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow()
    expect(row.secret_sealed).not.toContain(secret)
    expect(row.confirmed_at).toBeNull()
    // Not on yet: the password alone still signs in.
    expect((await signIn(user)).json().access_token).toBeTruthy()
  })

  it('turns on only with a right first code and shows the backup codes once', async () => {
    const wrong = await call(user, 'POST', '/v1/user/mfa/totp/confirm', { code: '000000' })
    expect(wrong.statusCode).toBe(400)
    expect(detail(wrong)).toMatchObject({
      code: 'incorrect_code',
      message: 'Incorrect code. Please try again.',
    })
    confirmedAt = Date.now()
    confirmCode = codeFor(secret, 0, confirmedAt)
    const confirmed = await call(user, 'POST', '/v1/user/mfa/totp/confirm', { code: confirmCode })
    expect(confirmed.statusCode).toBe(200)
    backupCodes = confirmed.json().backup_codes
    expect(backupCodes).toHaveLength(10)
    expect(new Set(backupCodes).size).toBe(10)
    const stored = await t.database.db
      .selectFrom('user_backup_codes')
      .select('code_hash')
      .where('user_id', '=', user.userId)
      .execute()
    expect(stored).toHaveLength(10)
    expect(stored.map((r) => r.code_hash)).not.toContain(backupCodes[0])
    const status = await call(user, 'GET', '/v1/user/mfa')
    expect(status.json()).toMatchObject({ enabled: true, backup_codes_remaining: 10 })
    const again = await call(user, 'POST', '/v1/user/mfa/totp/enroll')
    expect(again.statusCode).toBe(409)
    expect(detail(again).code).toBe('mfa_already_enabled')
  })

  it('asks for a code after the password; the second-step token is not a session', async () => {
    const response = await signIn(user)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ two_factor_required: true, expires_in: 300 })
    expect(response.json().access_token).toBeUndefined()
    expect(response.cookies.find((c) => c.name === 'timbre_session')).toBeUndefined()
    const asBearer = await call(
      { auth: { authorization: `Bearer ${response.json().mfa_token}` } },
      'GET',
      '/v1/user',
    )
    expect(asBearer.statusCode).toBe(401)
  })

  it('refuses the code that turned two-factor on (a code works once), accepts the next one once', async () => {
    const token = await mfaToken(user)
    const reused = await withCode(token, confirmCode)
    expect(reused.statusCode).toBe(400)
    expect(detail(reused).code).toBe('incorrect_code')
    // The step after the one used (still within the drift allowed if a period has passed since).
    const next = codeFor(secret, 1, confirmedAt)
    const ok = await withCode(token, next)
    expect(ok.statusCode).toBe(200)
    expect(ok.json().access_token).toMatch(/^at_/)
    expect(ok.cookies.find((c) => c.name === 'timbre_session')?.value).toBeTruthy()
    const me = await call({ auth: { authorization: `Bearer ${ok.json().access_token}` } }, 'GET', '/v1/user')
    expect(me.statusCode).toBe(200)
    // The token was used up, and the code too.
    const tokenAgain = await withCode(token, codeFor(secret, 1))
    expect(detail(tokenAgain).code).toBe('mfa_challenge_invalid')
    const codeAgain = await withCode(await mfaToken(user), next)
    expect(detail(codeAgain).code).toBe('incorrect_code')
  })

  it('accepts each backup code once', async () => {
    const code = backupCodes[0] ?? ''
    const first = await withCode(await mfaToken(user), code.toUpperCase())
    expect(first.statusCode).toBe(200)
    const second = await withCode(await mfaToken(user), code)
    expect(second.statusCode).toBe(400)
    expect(detail(second)).toMatchObject({ code: 'invalid_backup_code', message: 'Invalid backup code.' })
    expect((await call(user, 'GET', '/v1/user/mfa')).json().backup_codes_remaining).toBe(9)
  })

  it('turns off only with a right code; then the password alone signs in again', async () => {
    const wrong = await call(user, 'POST', '/v1/user/mfa/disable', { code: '123456' })
    expect(wrong.statusCode).toBe(400)
    const off = await call(user, 'POST', '/v1/user/mfa/disable', { code: backupCodes[1] ?? '' })
    expect(off.statusCode).toBe(200)
    expect((await call(user, 'GET', '/v1/user/mfa')).json()).toMatchObject({ enabled: false })
    const count = await t.database.db
      .selectFrom('user_backup_codes')
      .select('code_hash')
      .where('user_id', '=', user.userId)
      .execute()
    expect(count).toEqual([])
    expect((await signIn(user)).json().access_token).toBeTruthy()
  })

  it('throttles wrong codes: past five, even the right code is refused for a while', async () => {
    const other = await createUser(t.app, t.database)
    const { secret: otherSecret } = await enrol(other)
    const token = await mfaToken(other)
    for (let i = 0; i < 5; i++) {
      const wrong = await withCode(token, String(100000 + i))
      expect(detail(wrong).code).toBe('incorrect_code')
    }
    const blocked = await withCode(token, codeFor(otherSecret, 1))
    expect(blocked.statusCode).toBe(429)
    expect(detail(blocked)).toMatchObject({
      code: 'too_many_attempts',
      message: 'Too many attempts, please try again in a few minutes',
    })
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    // The counting is per account: the window passing lets the owner in again.
    await t.database.db
      .updateTable('mfa_failures')
      .set({ at: new Date(Date.now() - 16 * 60_000) })
      .where('user_id', '=', other.userId)
      .execute()
    const afterWindow = await withCode(token, codeFor(otherSecret, 1))
    expect(afterWindow.statusCode).toBe(200)
  })
})

describe('workspace two-factor requirement', () => {
  let admin: TestUser
  let member: TestUser
  let workspaceId: string

  beforeAll(async () => {
    admin = await createUser(t.app, t.database)
    member = await createUser(t.app, t.database)
    workspaceId = await workspaceIdOf(t.database.db, admin.userId)
    await joinWorkspace(member, workspaceId)
  })

  it('lets only admins see and change the setting; a member changes nothing', async () => {
    const seen = await call(member, 'GET', '/v1/workspace/security')
    expect(seen.statusCode).toBe(401)
    expect(detail(seen).code).toBe('does_not_have_required_permissions')
    const changed = await call(member, 'PATCH', '/v1/workspace/security', { mfa_required_for_users: true })
    expect(changed.statusCode).toBe(403)
    expect(detail(changed).code).toBe('workspace_admin_required')
    const list = await call(member, 'GET', '/v1/workspace/mfa/disabled-users')
    expect(list.statusCode).toBe(401)
    const settings = await call(admin, 'GET', '/v1/workspace/security')
    expect(settings.json()).toEqual({
      mfa_required_for_users: false,
      mfa_required_by_plan: false,
      session_inactivity_timeout: null,
    })
  })

  it('lists the members without two-factor for admins', async () => {
    const list = await call(admin, 'GET', '/v1/workspace/mfa/disabled-users')
    expect(list.statusCode).toBe(200)
    const emails = list.json().users.map((u: { email: string }) => u.email)
    expect(emails).toEqual(expect.arrayContaining([admin.email, member.email]))
  })

  it('holds a member without two-factor at the setup until they enrol', async () => {
    const on = await call(admin, 'PATCH', '/v1/workspace/security', { mfa_required_for_users: true })
    expect(on.statusCode).toBe(200)
    expect(on.json().mfa_required_for_users).toBe(true)
    const blocked = await call(member, 'GET', '/v1/user/subscription')
    expect(blocked.statusCode).toBe(403)
    expect(detail(blocked).code).toBe('mfa_enrollment_required')
    expect((await call(member, 'GET', '/v1/voices')).statusCode).toBe(403)
    // What the setup page needs stays open.
    expect((await call(member, 'GET', '/v1/user')).statusCode).toBe(200)
    expect((await call(member, 'GET', '/v1/user/mfa')).statusCode).toBe(200)
    const { backupCodes } = await enrol(member)
    expect((await call(member, 'GET', '/v1/user/subscription')).statusCode).toBe(200)
    // The rule holds for the admin who set it too.
    expect(detail(await call(admin, 'GET', '/v1/workspace/mfa/disabled-users')).code).toBe(
      'mfa_enrollment_required',
    )
    await enrol(admin)
    const list = await call(admin, 'GET', '/v1/workspace/mfa/disabled-users')
    expect(list.json().users.map((u: { email: string }) => u.email)).not.toContain(member.email)
    // Turning it off would break the rule at once.
    const off = await call(member, 'POST', '/v1/user/mfa/disable', { code: backupCodes[0] })
    expect(off.statusCode).toBe(403)
    expect((await call(member, 'GET', '/v1/user/mfa')).json().enabled).toBe(true)
  })

  it('requires two-factor on grant plans whatever the setting', async () => {
    const owner = await createUser(t.app, t.database)
    const grantee = await createUser(t.app, t.database)
    const grantWorkspace = await setPlan(t.database, owner.userId, { tier: 'grant_tier_1' })
    await joinWorkspace(grantee, grantWorkspace)
    const settings = await call(owner, 'GET', '/v1/workspace/security')
    expect(settings.statusCode).toBe(403)
    expect(detail(settings).code).toBe('mfa_enrollment_required')
    const blocked = await call(grantee, 'GET', '/v1/user/subscription')
    expect(detail(blocked).code).toBe('mfa_enrollment_required')
    await enrol(grantee)
    expect((await call(grantee, 'GET', '/v1/user/subscription')).statusCode).toBe(200)
  })
})

describe('session inactivity timeout', () => {
  let owner: TestUser
  let sessionOf: (user: TestUser) => Promise<string>

  beforeAll(async () => {
    owner = await createUser(t.app, t.database)
    sessionOf = async (user) => {
      const row = await t.database.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', user.userId)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow()
      return row.id
    }
  })

  async function idleFor(sessionId: string, seconds: number) {
    const at = new Date(Date.now() - seconds * 1000)
    await t.database.db
      .insertInto('session_activity')
      .values({ session_id: sessionId, last_active_at: at })
      .onConflict((oc) => oc.column('session_id').doUpdateSet({ last_active_at: at }))
      .execute()
  }

  it('takes a timeout between a minute and 30 days, or none', async () => {
    const tooShort = await call(owner, 'PATCH', '/v1/workspace/security', { session_inactivity_timeout: 30 })
    expect(tooShort.statusCode).toBe(422)
    const set = await call(owner, 'PATCH', '/v1/workspace/security', { session_inactivity_timeout: 60 })
    expect(set.statusCode).toBe(200)
    expect(set.json().session_inactivity_timeout).toBe(60)
  })

  it('keeps a session used within the timeout and ends one idle longer', async () => {
    const sessionId = await sessionOf(owner)
    await idleFor(sessionId, 45)
    expect((await call(owner, 'GET', '/v1/user/subscription')).statusCode).toBe(200)
    await idleFor(sessionId, 61)
    const ended = await call(owner, 'GET', '/v1/user/subscription')
    expect(ended.statusCode).toBe(401)
    expect(detail(ended)).toMatchObject({
      code: 'session_inactive',
      message: 'You were signed out after a period of inactivity. Please sign in again.',
    })
    const gone = await t.database.db.selectFrom('sessions').select('id').where('id', '=', sessionId).execute()
    expect(gone).toEqual([])
    const refreshed = await call(null, 'POST', '/v1/auth/refresh', { refresh_token: owner.refreshToken })
    expect(refreshed.statusCode).toBe(401)
  })

  it('counts a session never used from when it began', async () => {
    const fresh = await signIn(owner)
    const auth = { authorization: `Bearer ${fresh.json().access_token}` }
    const sessionId = await sessionOf(owner)
    await t.database.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - 120_000) })
      .where('id', '=', sessionId)
      .execute()
    const ended = await call({ auth }, 'GET', '/v1/user/subscription')
    expect(detail(ended).code).toBe('session_inactive')
  })

  it('leaves sessions alone when the workspace has no timeout', async () => {
    const other = await createUser(t.app, t.database)
    const sessionId = await sessionOf(other)
    await idleFor(sessionId, 365 * 24 * 3600)
    expect((await call(other, 'GET', '/v1/user/subscription')).statusCode).toBe(200)
  })
})

describe('sign-in refusals', () => {
  it('says an account is locked when no workspace lets it in', async () => {
    const admin = await createUser(t.app, t.database)
    const locked = await createUser(t.app, t.database)
    const workspaceId = await workspaceIdOf(t.database.db, admin.userId)
    const own = await workspaceIdOf(t.database.db, locked.userId)
    await joinWorkspace(locked, workspaceId)
    await t.database.db.deleteFrom('workspace_members').where('workspace_id', '=', own).execute()
    const lock = await call(admin, 'POST', '/v1/workspace/members', { email: locked.email, is_locked: true })
    expect(lock.statusCode).toBe(200)
    const refused = await signIn(locked)
    expect(refused.statusCode).toBe(403)
    expect(detail(refused)).toMatchObject({
      code: 'account_locked',
      message: 'This account is locked. Please contact your workspace admin.',
    })
    // A wrong password learns nothing about the lock.
    const wrong = await call(null, 'POST', '/v1/auth/sign-in', {
      email: locked.email,
      password: 'nope nope 1',
    })
    expect(detail(wrong).code).toBe('invalid_credentials')
  })

  it('says an account is disabled when its only membership is disabled', async () => {
    const user = await createUser(t.app, t.database)
    await t.database.db
      .updateTable('workspace_members')
      .set({ state: 'disabled' })
      .where('user_id', '=', user.userId)
      .execute()
    const refused = await signIn(user)
    expect(refused.statusCode).toBe(403)
    expect(detail(refused)).toMatchObject({
      code: 'account_disabled',
      message: 'This account has been disabled by a workspace admin.',
    })
  })

  it('says an account was deleted only to someone who knows its password', async () => {
    const user = await createUser(t.app, t.database)
    const deleted = await call(user, 'DELETE', '/v1/user', { email: user.email })
    expect(deleted.statusCode).toBe(204)
    const refused = await signIn(user)
    expect(refused.statusCode).toBe(401)
    expect(detail(refused)).toMatchObject({
      code: 'account_deleted',
      message: 'This account has been deleted.',
    })
    const guess = await call(null, 'POST', '/v1/auth/sign-in', {
      email: user.email,
      password: 'guess guess 1',
    })
    expect(detail(guess)).toMatchObject({
      code: 'invalid_credentials',
      message: 'No user found with these credentials.',
    })
  })
})

describe('permission requests', () => {
  it('lets a refused member ask, admins grant or decline, and nobody else decide', async () => {
    const admin = await createUser(t.app, t.database)
    const member = await createUser(t.app, t.database)
    const stranger = await createUser(t.app, t.database)
    const workspaceId = await workspaceIdOf(t.database.db, admin.userId)
    await joinWorkspace(member, workspaceId)

    expect(detail(await call(member, 'GET', '/v1/workspace/security')).code).toBe(
      'does_not_have_required_permissions',
    )
    const asked = await call(member, 'POST', '/v1/workspace/permission-requests', {
      permission: 'workspace_admin',
      message: 'I run the team setup',
    })
    expect(asked.statusCode).toBe(201)
    const requestId = asked.json().request_id
    expect(asked.json()).toMatchObject({
      status: 'pending',
      email: member.email,
      message: 'I run the team setup',
    })
    // Asking twice keeps one request.
    const again = await call(member, 'POST', '/v1/workspace/permission-requests', {
      permission: 'workspace_admin',
    })
    expect(again.json().request_id).toBe(requestId)
    const own = await call(member, 'GET', '/v1/workspace/permission-requests')
    expect(own.json().requests.map((r: { request_id: string }) => r.request_id)).toEqual([requestId])

    // A member cannot answer it (nothing changes); another workspace's admin cannot see it.
    const selfGrant = await call(member, 'POST', `/v1/workspace/permission-requests/${requestId}/grant`)
    expect(selfGrant.statusCode).toBe(403)
    expect((await call(member, 'GET', '/v1/workspace/is-admin')).json().is_admin).toBe(false)
    const foreign = await call(stranger, 'POST', `/v1/workspace/permission-requests/${requestId}/grant`)
    expect(foreign.statusCode).toBe(404)
    expect((await call(stranger, 'GET', '/v1/workspace/permission-requests')).json().requests).toEqual([])

    const pending = await call(admin, 'GET', '/v1/workspace/permission-requests')
    expect(pending.json().requests.map((r: { email: string }) => r.email)).toEqual([member.email])
    const granted = await call(admin, 'POST', `/v1/workspace/permission-requests/${requestId}/grant`)
    expect(granted.statusCode).toBe(200)
    expect((await call(member, 'GET', '/v1/workspace/is-admin')).json().is_admin).toBe(true)
    expect((await call(member, 'GET', '/v1/workspace/security')).statusCode).toBe(200)
    const twice = await call(admin, 'POST', `/v1/workspace/permission-requests/${requestId}/decline`)
    expect(detail(twice).code).toBe('permission_request_decided')
    expect((await call(admin, 'GET', '/v1/workspace/permission-requests')).json().requests).toEqual([])

    // An admin has nothing to ask for; a declined request changes nothing.
    const adminAsks = await call(member, 'POST', '/v1/workspace/permission-requests', {
      permission: 'workspace_admin',
    })
    expect(detail(adminAsks).code).toBe('permission_already_granted')
    const other = await createUser(t.app, t.database)
    await joinWorkspace(other, workspaceId)
    const otherAsk = await call(other, 'POST', '/v1/workspace/permission-requests', {
      permission: 'workspace_admin',
    })
    const declined = await call(
      admin,
      'POST',
      `/v1/workspace/permission-requests/${otherAsk.json().request_id}/decline`,
    )
    expect(declined.statusCode).toBe(200)
    expect((await call(other, 'GET', '/v1/workspace/is-admin')).json().is_admin).toBe(false)
    const mine = await call(other, 'GET', '/v1/workspace/permission-requests')
    expect(mine.json().requests[0].status).toBe('declined')
  })
})
