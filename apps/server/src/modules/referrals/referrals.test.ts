import { PLANS, REFERRAL_COMMISSION_PERCENT, REFERRAL_LIFETIME_MS } from '@timbre/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const call = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) })

async function codeOf(user: TestUser): Promise<string> {
  const link = (await call(user, 'GET', '/v1/user/referral-link')).json()
  expect(link.referral_link).toBe(`http://timbre.test/sign-up?from=${link.code}`)
  return link.code
}

describe('referrals', () => {
  it('stores a visit with from for 90 days, but not one from an ad or a partner network', async () => {
    const referrer = await createUser(t.app, t.database)
    const code = await codeOf(referrer)
    const before = Date.now()
    const visit = (await call(null, 'POST', '/v1/referrals/visit', { from: code })).json()
    expect(visit.stored).toBe(true)
    expect(visit.referral.expiresTimestamp).toBeGreaterThanOrEqual(before + REFERRAL_LIFETIME_MS)
    for (const blocked of [{ gclid: 'abc' }, { ps_partner_key: 'p1' }]) {
      const answer = (await call(null, 'POST', '/v1/referrals/visit', { from: code, ...blocked })).json()
      expect(answer).toEqual({ stored: false, referral: null })
    }
    const unknown = await call(null, 'POST', '/v1/referrals/visit', { from: 'nobody' })
    expect(unknown.statusCode).toBe(404)
  })

  it('a new account takes the referral; an expired one, a second one, an old account and one own link are refused', async () => {
    const referrer = await createUser(t.app, t.database)
    const code = await codeOf(referrer)
    const existing = await createUser(t.app, t.database)
    const visit = (await call(null, 'POST', '/v1/referrals/visit', { from: code })).json().referral.value
    const own = await call(referrer, 'POST', '/v1/referrals/claim', { value: visit })
    expect(own.statusCode).toBe(422)
    const old = await call(existing, 'POST', '/v1/referrals/claim', { value: visit })
    expect(old.json().detail.code).toBe('referral_after_sign_up')

    const fresh = await createUser(t.app, t.database)
    expect((await call(fresh, 'POST', '/v1/referrals/claim', { value: visit })).json()).toEqual({
      referred: true,
    })
    const second = await call(fresh, 'POST', '/v1/referrals/claim', { value: visit })
    expect(second.statusCode).toBe(409)

    // A referral past its 90 days: refused when read, nothing stored.
    const stale = (await call(null, 'POST', '/v1/referrals/visit', { from: code })).json().referral.value
    await t.database.db
      .updateTable('referral_visits')
      .set({
        created_at: new Date(Date.now() - REFERRAL_LIFETIME_MS - 1000),
        expires_at: new Date(Date.now() - 1000),
      })
      .where('id', '=', stale)
      .execute()
    const late = await createUser(t.app, t.database)
    const expired = await call(late, 'POST', '/v1/referrals/claim', { value: stale })
    expect(expired.statusCode).toBe(410)
    expect(expired.json().detail.message).toBe('This referral has expired: referrals last 90 days.')
    expect(
      await t.database.db
        .selectFrom('referrals')
        .selectAll()
        .where('referred_user_id', '=', late.userId)
        .execute(),
    ).toEqual([])
  })

  it('keeps a Google Ads visit', async () => {
    const ok = await call(null, 'POST', '/v1/google-ads-visit', {
      event_type: 'landing',
      gclid: 'g-1',
      utm_source: 'google',
    })
    expect(ok.json()).toEqual({ stored: true })
    expect((await call(null, 'POST', '/v1/google-ads-visit', { event_type: 'landing' })).statusCode).toBe(422)
  })
})

describe('affiliates', () => {
  it('joins, counts clicks, sign-ups and a paying conversion, and pays the commission out', async () => {
    const affiliate = await createUser(t.app, t.database)
    const notJoined = (await call(affiliate, 'GET', '/v1/affiliates')).json()
    expect(notJoined).toMatchObject({
      joined: false,
      payout_account: { state: 'not_created' },
      balance_cents: 0,
    })
    const badJoin = await call(affiliate, 'POST', '/v1/affiliates/join', {
      website: 'not a url',
      audience: 'x',
    })
    expect(badJoin.statusCode).toBe(422)
    const joined = (
      await call(affiliate, 'POST', '/v1/affiliates/join', {
        website: 'https://example.com/my-channel',
        audience: 'Podcasters who want narrated intros',
      })
    ).json()
    expect(joined.joined).toBe(true)
    expect(
      (
        await call(affiliate, 'POST', '/v1/affiliates/join', {
          website: 'https://e.com',
          audience: 'again and again',
        })
      ).statusCode,
    ).toBe(409)

    const visit = (await call(null, 'POST', '/v1/referrals/visit', { from: joined.code })).json().referral
      .value
    await call(null, 'POST', '/v1/referrals/visit', { from: joined.code })
    const buyer = await createUser(t.app, t.database)
    await call(buyer, 'POST', '/v1/referrals/claim', { value: visit })
    let page = (await call(affiliate, 'GET', '/v1/affiliates')).json()
    expect(page.totals).toEqual({ clicks: 2, sign_ups: 1, conversions: 0, commission_cents: 0 })

    await setPlan(t.database, buyer.userId, { tier: 'creator', status: 'active' })
    page = (await call(affiliate, 'GET', '/v1/affiliates')).json()
    const commission = Math.round(
      ((PLANS.creator.prices?.monthly.usd ?? 0) * REFERRAL_COMMISSION_PERCENT) / 100,
    )
    expect(page.totals).toEqual({ clicks: 2, sign_ups: 1, conversions: 1, commission_cents: commission })
    const today = page.series.at(-1)
    expect(today).toMatchObject({ clicks: 2, sign_ups: 1, conversions: 1, commission_cents: commission })
    expect(page.series).toHaveLength(30)
    // Read again: the reward is counted once.
    expect((await call(affiliate, 'GET', '/v1/affiliates')).json().totals.conversions).toBe(1)

    expect((await call(affiliate, 'POST', '/v1/affiliates/payouts')).json().detail.code).toBe(
      'payout_account_missing',
    )
    const createdResponse = await call(affiliate, 'POST', '/create-connect-account')
    expect(createdResponse.statusCode, createdResponse.body).toBe(200)
    const created = createdResponse.json()
    expect(created.url).toContain('/payouts/local/onboarding/acct_local_')
    expect((await call(affiliate, 'POST', '/v1/affiliates/payouts')).json().detail.code).toBe(
      'payout_account_not_connected',
    )
    const connected = (await call(affiliate, 'POST', '/v1/payouts/local/complete-onboarding')).json()
    expect(connected.payout_account.state).toBe('connected')
    // 22% of Creator's $22 is below the $50 minimum.
    expect((await call(affiliate, 'POST', '/v1/affiliates/payouts')).json().detail.code).toBe(
      'payout_below_minimum',
    )

    // Three more paying referrals on Pro pass the minimum; the whole balance is paid once.
    for (let i = 0; i < 3; i++) {
      const v = (await call(null, 'POST', '/v1/referrals/visit', { from: joined.code })).json().referral.value
      const more = await createUser(t.app, t.database)
      await call(more, 'POST', '/v1/referrals/claim', { value: v })
      await setPlan(t.database, more.userId, { tier: 'pro', status: 'active' })
    }
    const paid = (await call(affiliate, 'POST', '/v1/affiliates/payouts')).json()
    const pro = Math.round(((PLANS.pro.prices?.monthly.usd ?? 0) * REFERRAL_COMMISSION_PERCENT) / 100)
    expect(paid.payouts).toHaveLength(1)
    expect(paid.payouts[0].amount_cents).toBe(commission + 3 * pro)
    expect(paid.balance_cents).toBe(0)
  })
})
