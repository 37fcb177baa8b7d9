import { CONSENT_TEXTS } from '@timbre/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, joinWorkspaceOf, type TestUser } from '../../../test/helpers/factories.js'
import { setProPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { multipartBody, toneWav } from '../../../test/helpers/voice-factory.js'

// Addresses the bundled GeoLite2 database places (checked against the package's data).
const CHICAGO = '73.44.0.1'
const MONTREAL = '24.48.0.1'
const AUSTIN = '70.112.0.1'
const SALINAS_CA = '73.162.0.1'
const ENGLAND = '81.2.69.142'
const DUSSELDORF = '91.0.0.1'
const FLORIDA = '73.0.0.1'
const OPERATOR = 'operator-token-for-consent-tests'

let t: TestApp
let counter = 0

beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_TOKEN: OPERATOR } })
})
afterAll(() => t?.close())

/** Signs up (and in) from an address, with the form's consent fields. */
async function signUpFrom(address: string, metadata: Record<string, boolean> = {}): Promise<TestUser> {
  counter += 1
  const email = `consent${counter}-${Date.now()}@example.com`
  const password = 'correct horse 42'
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/sign-up',
    payload: { email, password, account_metadata: metadata },
    remoteAddress: address,
  })
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.body}`)
  const userId = signUp.json().user_id as string
  await t.database.db
    .updateTable('users')
    .set({ email_verified_at: new Date() })
    .where('id', '=', userId)
    .execute()
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/sign-in',
    payload: { email, password },
    remoteAddress: address,
  })
  const tokens = signIn.json()
  return {
    email,
    password,
    userId,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    cookie: '',
    auth: { authorization: `Bearer ${tokens.access_token}` },
  }
}

const call = (
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { payload?: object; address?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...user.auth, ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
    ...(options.address ? { remoteAddress: options.address } : {}),
  })

describe('terms by location', () => {
  it.each([
    [CHICAGO, 'strict', false, true],
    [AUSTIN, 'strict', false, false],
    [MONTREAL, 'strict', true, false],
    [SALINAS_CA, 'checkbox', false, false],
    [ENGLAND, 'checkbox', true, false],
    [DUSSELDORF, 'checkbox', true, false],
    [FLORIDA, 'implicit', false, false],
    ['127.0.0.1', 'implicit', false, false],
  ])('a visitor from %s gets %s terms', async (address, policy, marketing, bipa) => {
    const response = await t.app.inject({ url: '/v1/consent/sign-up-terms', remoteAddress: address })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      terms_policy: policy,
      marketing_checkbox_required: marketing,
      bipa_applies: bipa,
    })
  })

  it('refuses a sign-up from a checkbox or strict place without the terms ticked, storing nothing', async () => {
    for (const address of [CHICAGO, ENGLAND]) {
      const email = `unticked-${address}-${Date.now()}@example.com`
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/sign-up',
        payload: { email, password: 'correct horse 42', account_metadata: { accepted_terms: false } },
        remoteAddress: address,
      })
      expect(response.statusCode).toBe(422)
      expect(response.json().detail).toMatchObject({
        code: 'terms_required',
        message: CONSENT_TEXTS.termsRequired,
      })
      const stored = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute()
      expect(stored).toEqual([])
    }
  })

  it('records the acceptance with the policy and place; implicit places need no box', async () => {
    const strict = await signUpFrom(CHICAGO, { accepted_terms: true })
    const implicit = await signUpFrom(FLORIDA)
    const rows = await t.database.db
      .selectFrom('terms_acceptances')
      .selectAll()
      .where('user_id', 'in', [strict.userId, implicit.userId])
      .execute()
    const byUser = Object.fromEntries(rows.map((r) => [r.user_id, r]))
    expect(byUser[strict.userId]).toMatchObject({ policy: 'strict', country: 'US', region: 'IL' })
    expect(byUser[implicit.userId]).toMatchObject({ policy: 'implicit', country: 'US', region: 'FL' })
  })
})

describe('biometric (BIPA) terms before voice cloning', () => {
  const clone = async (user: TestUser, address: string) => {
    const { payload, headers } = await multipartBody({ name: 'My clone' }, [
      { name: 'sample.wav', data: toneWav(3), type: 'audio/wav' },
    ])
    return t.app.inject({
      method: 'POST',
      url: '/v1/voices/add',
      payload,
      headers: { ...user.auth, ...headers },
      remoteAddress: address,
    })
  }
  const ownVoices = (user: TestUser) =>
    t.database.db.selectFrom('voices').select('id').where('owner_user_id', '=', user.userId).execute()

  it('refuses cloning in Illinois until the terms are accepted, then clones', async () => {
    const user = await signUpFrom(CHICAGO, { accepted_terms: true })
    await setProPlan(t.database, user.userId)
    const status = (await call(user, 'GET', '/v1/consent', { address: CHICAGO })).json()
    expect(status).toMatchObject({
      bipa_applies: true,
      bipa_terms_required: true,
      accepted_bipa_terms: false,
    })

    const refused = await clone(user, CHICAGO)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().detail).toMatchObject({
      code: 'bipa_terms_required',
      message: CONSENT_TEXTS.bipaRequired,
    })
    // Calling from elsewhere does not lift the rule the account's own place imposes.
    expect((await clone(user, FLORIDA)).statusCode).toBe(403)
    expect(await ownVoices(user)).toEqual([])

    const accepted = await call(user, 'POST', '/v1/user/accept-bipa-terms', { address: CHICAGO })
    expect(accepted.json()).toEqual({ accepted_bipa_terms: true })
    const after = (await call(user, 'GET', '/v1/consent', { address: CHICAGO })).json()
    expect(after.bipa_terms_required).toBe(false)
    const cloned = await clone(user, CHICAGO)
    expect(cloned.statusCode).toBe(200)
    expect(await ownVoices(user)).toHaveLength(1)
  })

  it('does not ask outside the biometric states', async () => {
    const user = await signUpFrom(FLORIDA)
    await setProPlan(t.database, user.userId)
    expect((await clone(user, FLORIDA)).statusCode).toBe(200)
  })
})

describe('CCPA opt-out and the Global Privacy Control', () => {
  it('stores a Sec-GPC: 1 signal as the opt-out', async () => {
    const user = await signUpFrom(SALINAS_CA, { accepted_terms: true })
    const before = (await call(user, 'GET', '/v1/consent', { address: SALINAS_CA })).json()
    expect(before).toMatchObject({ ccpa_applies: true, ccpa_opt_out: false, global_privacy_control: false })
    const withGpc = await call(user, 'GET', '/v1/consent', {
      address: SALINAS_CA,
      headers: { 'sec-gpc': '1' },
    })
    expect(withGpc.json()).toMatchObject({ ccpa_opt_out: true, global_privacy_control: true })
    const account = (await call(user, 'GET', '/v1/auth-account')).json()
    expect(account.ccpa_opt_out).toBe(true)
  })

  it('opts out from the dialog and back', async () => {
    const user = await createUser(t.app, t.database)
    const out = await call(user, 'POST', '/v1/user/ccpa-opt-out', { payload: { ccpa_opt_out: true } })
    expect(out.json()).toEqual({ ccpa_opt_out: true })
    expect((await call(user, 'GET', '/v1/auth-account')).json().ccpa_opt_out).toBe(true)
    const bad = await call(user, 'POST', '/v1/user/ccpa-opt-out', { payload: { ccpa_opt_out: 'yes' } })
    expect(bad.statusCode).toBe(422)
  })
})

describe('updated terms', () => {
  it('shows the dialog once the operator publishes new terms, until the user accepts them', async () => {
    const user = await createUser(t.app, t.database)
    const operator = { authorization: `Bearer ${OPERATOR}` }
    const version = `2026-11-${Date.now()}`
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/operator/terms', payload: { version } })).statusCode,
    ).toBe(401)
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/operator/terms',
      headers: operator,
      payload: { version: 'has spaces' },
    })
    expect(bad.statusCode).toBe(422)
    const published = await t.app.inject({
      method: 'POST',
      url: '/v1/operator/terms',
      headers: operator,
      payload: { version },
    })
    expect(published.json()).toEqual({ version, published: true })

    const status = (await call(user, 'GET', '/v1/consent')).json()
    expect(status.terms_update).toMatchObject({ version })
    const stale = await call(user, 'POST', '/v1/user/accept-terms', { payload: { version: 'older' } })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().detail.code).toBe('terms_version_unknown')
    const accepted = await call(user, 'POST', '/v1/user/accept-terms', { payload: { version } })
    expect(accepted.json()).toEqual({ version, accepted: true })
    expect((await call(user, 'GET', '/v1/consent')).json().terms_update).toBeNull()
    // A user who signs up after the publication accepted that version with the form.
    const later = await createUser(t.app, t.database)
    expect((await call(later, 'GET', '/v1/consent')).json().terms_update).toBeNull()
  })
})

describe('training opt-out', () => {
  it('only admins change it; the answer carries the product message', async () => {
    const owner = await createUser(t.app, t.database)
    const member = await createUser(t.app, t.database)
    await joinWorkspaceOf(t.database.db, owner, member)
    const initial = (await call(owner, 'GET', '/v1/workspace/training-opt-out')).json()
    expect(initial).toMatchObject({
      training_opt_out: { value: false, timestamp_unix: null },
      can_change: true,
    })

    const changed = await call(owner, 'PUT', '/v1/workspace/update-workspace?training_opt_out=true')
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({
      training_opt_out: { value: true },
      message: CONSENT_TEXTS.trainingOptOutSuccess,
    })

    const memberView = (await call(member, 'GET', '/v1/workspace/training-opt-out')).json()
    expect(memberView).toMatchObject({ training_opt_out: { value: true }, can_change: false })
    const refused = await call(member, 'PUT', '/v1/workspace/update-workspace?training_opt_out=false')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().detail.message).toBe(CONSENT_TEXTS.trainingOptOutTooltip)
    expect((await call(owner, 'GET', '/v1/workspace/training-opt-out')).json().training_opt_out.value).toBe(
      true,
    )

    const bad = await call(owner, 'PUT', '/v1/workspace/update-workspace?training_opt_out=maybe')
    expect(bad.statusCode).toBe(422)
  })

  it('starts opted out on the enterprise tier', async () => {
    const owner = await createUser(t.app, t.database)
    const workspaceId = (
      await t.database.db
        .selectFrom('users')
        .select('workspace_id')
        .where('id', '=', owner.userId)
        .executeTakeFirstOrThrow()
    ).workspace_id
    await t.database.db
      .updateTable('subscriptions')
      .set({ tier: 'enterprise' })
      .where('workspace_id', '=', workspaceId)
      .execute()
    expect((await call(owner, 'GET', '/v1/workspace/training-opt-out')).json().training_opt_out.value).toBe(
      true,
    )
  })
})

describe('public name and alpha access', () => {
  it('suggests a name and saves a valid, free one', async () => {
    const user = await createUser(t.app, t.database)
    const other = await createUser(t.app, t.database)
    const { name } = (await call(user, 'POST', '/v1/user/generate-name')).json()
    expect(name).toMatch(/^[a-z]+-[a-z]+-\d{4}$/)
    const saved = await call(user, 'POST', '/v1/user/update-public-user-name', {
      payload: { public_user_name: name },
    })
    expect(saved.json()).toEqual({ public_user_name: name, message: CONSENT_TEXTS.publicNameSaved })
    const taken = await call(other, 'POST', '/v1/user/update-public-user-name', {
      payload: { public_user_name: name.toUpperCase() },
    })
    expect(taken.statusCode).toBe(409)
    const invalid = await call(other, 'POST', '/v1/user/update-public-user-name', {
      payload: { public_user_name: 'a b' },
    })
    expect(invalid.statusCode).toBe(422)
    expect((await call(user, 'GET', '/v1/user/public-user-name')).json().public_user_name).toBe(name)
  })

  it('opens alpha features to addresses the operator lists', async () => {
    const user = await createUser(t.app, t.database)
    expect((await call(user, 'GET', '/v1/user/has-alpha-access')).json()).toEqual({
      has_alpha_access: false,
      requested: false,
    })
    expect((await call(user, 'POST', '/v1/user/request-alpha-access')).json().requested).toBe(true)
    const operator = { authorization: `Bearer ${OPERATOR}` }
    const queue = (await t.app.inject({ url: '/v1/operator/alpha-access', headers: operator })).json()
    expect(queue.pending_requests.map((r: { user_id: string }) => r.user_id)).toContain(user.userId)
    await t.app.inject({
      method: 'POST',
      url: '/v1/operator/alpha-access',
      headers: operator,
      payload: { email: user.email.toUpperCase() },
    })
    expect((await call(user, 'GET', '/v1/user/has-alpha-access')).json().has_alpha_access).toBe(true)
  })
})
