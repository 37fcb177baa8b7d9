import { PLANS, REFERRAL_COMMISSION_PERCENT } from '@timbre/contract'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { setPlan } from '../../../test/helpers/plans.js'
import {
  type StripeConnectServer,
  startStripeConnectServer,
} from '../../../test/helpers/stripe-connect-server.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Payouts through Stripe Connect: the payout provider speaks to an HTTPS server the test starts
// (its own certificate, trusted through STRIPE_API_CA_FILE) at the billing provider's address.

const SECRET = 'sk_test_connect'
const WEBHOOK_SECRET = 'whsec_connect'
const signer = new Stripe('sk_test_signer')
let t: TestApp
let stripe: StripeConnectServer

beforeAll(async () => {
  stripe = await startStripeConnectServer(SECRET)
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: SECRET,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      STRIPE_API_CA_FILE: stripe.caFile,
    },
  })
})
afterAll(async () => {
  await t?.close()
  await stripe?.close()
})

const call = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) })
const dashboard = async (user: TestUser) => (await call(user, 'GET', '/v1/affiliates')).json()
const pro = Math.round(((PLANS.pro.prices?.monthly.usd ?? 0) * REFERRAL_COMMISSION_PERCENT) / 100)

/** `n` referred sign-ups that pay for Pro. */
async function payingReferrals(code: string, n: number) {
  for (let i = 0; i < n; i++) {
    const visit = (await call(null, 'POST', '/v1/referrals/visit', { from: code })).json().referral.value
    const buyer = await createUser(t.app, t.database)
    expect((await call(buyer, 'POST', '/v1/referrals/claim', { value: visit })).statusCode).toBe(200)
    await setPlan(t.database, buyer.userId, { tier: 'pro', status: 'active' })
  }
}

describe('payouts through Stripe Connect', () => {
  it('opens an Express account, follows its setup states, and transfers the balance once', async () => {
    const affiliate = await createUser(t.app, t.database)
    const joined = (
      await call(affiliate, 'POST', '/v1/affiliates/join', {
        website: 'https://example.com/channel',
        audience: 'People who narrate their blogs',
      })
    ).json()

    const created = await call(affiliate, 'POST', '/create-connect-account')
    expect(created.statusCode, created.body).toBe(200)
    const accountCall = stripe.calls.find((c) => c.path === '/v1/accounts')
    expect(accountCall?.form).toMatchObject({
      type: 'express',
      email: affiliate.email,
      'capabilities[transfers][requested]': 'true',
      'metadata[timbre_user_id]': affiliate.userId,
    })
    const accountId = /setup\/e\/(acct_\d+)/.exec(created.json().url)?.[1] ?? ''
    expect(accountId).not.toBe('')
    const link = stripe.calls.find((c) => c.path === '/v1/account_links')
    expect(link?.form.return_url).toBe('http://timbre.test/app/affiliates')
    expect((await dashboard(affiliate)).payout_account).toEqual({ state: 'incomplete_setup', paused: false })
    // Only the built-in provider's onboarding page connects an account by itself.
    expect((await call(affiliate, 'POST', '/v1/payouts/local/complete-onboarding')).statusCode).toBe(409)
    // Creating again opens the same account's setup page.
    await call(affiliate, 'POST', '/create-connect-account')
    expect(stripe.calls.filter((c) => c.path === '/v1/accounts')).toHaveLength(1)

    stripe.submitDetails(accountId, { taxFormsDone: false, payoutsEnabled: false })
    expect((await dashboard(affiliate)).payout_account.state).toBe('tax_forms_needed')
    stripe.submitDetails(accountId, { taxFormsDone: true, payoutsEnabled: false })
    expect((await dashboard(affiliate)).payout_account.state).toBe('payouts_not_enabled')
    const early = await call(affiliate, 'POST', '/v1/affiliates/payouts')
    expect(early.json().detail.code).toBe('payout_account_not_connected')
    stripe.submitDetails(accountId, { taxFormsDone: true, payoutsEnabled: true })
    expect((await dashboard(affiliate)).payout_account.state).toBe('connected')

    await payingReferrals(joined.code, 3)
    const paid = await call(affiliate, 'POST', '/v1/affiliates/payouts')
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json().balance_cents).toBe(0)
    expect(paid.json().payouts).toMatchObject([{ amount_cents: 3 * pro, status: 'paid' }])
    const payoutId = paid.json().payouts[0].payout_id
    expect(stripe.transfers).toMatchObject([
      { amount: 3 * pro, currency: 'usd', destination: accountId, transfer_group: payoutId },
    ])
    const transferCall = stripe.calls.find((c) => c.path === '/v1/transfers')
    expect(transferCall?.idempotencyKey).toBe(`payout:${payoutId}`)

    // The answer of the next transfer is lost: the payout stays pending (its amount is not
    // paid twice), and the next request sends it again under the same key.
    await payingReferrals(joined.code, 3)
    stripe.dropNextTransferAnswer()
    const lost = await call(affiliate, 'POST', '/v1/affiliates/payouts')
    expect(lost.statusCode).toBe(502)
    let page = await dashboard(affiliate)
    expect(page.payouts[0]).toMatchObject({ amount_cents: 3 * pro, status: 'pending' })
    expect(page.balance_cents).toBe(0)
    expect((await call(affiliate, 'POST', '/v1/affiliates/payouts')).json().detail.code).toBe(
      'payout_below_minimum',
    )
    page = await dashboard(affiliate)
    expect(page.payouts.map((p: { status: string }) => p.status)).toEqual(['paid', 'paid'])
    expect(stripe.transfers).toHaveLength(2)
    const keys = stripe.calls.filter((c) => c.path === '/v1/transfers').map((c) => c.idempotencyKey)
    expect(keys[1]).toBe(keys[2])
  })

  it('gives a refused transfer back to the balance, and stops at a paused account', async () => {
    const affiliate = await createUser(t.app, t.database)
    const joined = (
      await call(affiliate, 'POST', '/v1/affiliates/join', {
        website: 'https://example.org/',
        audience: 'Teachers making audio lessons',
      })
    ).json()
    const accountId = /setup\/e\/(acct_\d+)/.exec(
      (await call(affiliate, 'POST', '/create-connect-account')).json().url,
    )?.[1] as string
    stripe.submitDetails(accountId, { taxFormsDone: true, payoutsEnabled: true })
    await payingReferrals(joined.code, 3)

    stripe.setPlatformBalance(100)
    const refused = await call(affiliate, 'POST', '/v1/affiliates/payouts')
    expect(refused.statusCode).toBe(502)
    expect(refused.json().detail.message).toBe(
      'You have insufficient available funds in your Stripe account.',
    )
    let page = await dashboard(affiliate)
    expect(page.payouts).toMatchObject([{ status: 'failed' }])
    expect(page.balance_cents).toBe(3 * pro)

    stripe.setPlatformBalance(1_000_000)
    stripe.pause(accountId)
    expect((await dashboard(affiliate)).payout_account).toEqual({ state: 'connected', paused: true })
    expect((await call(affiliate, 'POST', '/v1/affiliates/payouts')).json().detail.code).toBe(
      'payouts_paused',
    )
    page = await dashboard(affiliate)
    expect(page.balance_cents).toBe(3 * pro)
  })

  it("keeps Stripe's account.updated and sends a pending payout without waiting for a visit", async () => {
    const affiliate = await createUser(t.app, t.database)
    const joined = (
      await call(affiliate, 'POST', '/v1/affiliates/join', {
        website: 'https://example.net/',
        audience: 'Podcasters',
      })
    ).json()
    const accountId = /setup\/e\/(acct_\d+)/.exec(
      (await call(affiliate, 'POST', '/create-connect-account')).json().url,
    )?.[1] as string
    stripe.submitDetails(accountId, { taxFormsDone: true, payoutsEnabled: true })
    await payingReferrals(joined.code, 3)
    stripe.dropNextTransferAnswer()
    expect((await call(affiliate, 'POST', '/v1/affiliates/payouts')).statusCode).toBe(502)
    const transfers = stripe.transfers.length
    const stored = () =>
      t.database.db
        .selectFrom('payout_accounts')
        .select(['state', 'paused'])
        .where('user_id', '=', affiliate.userId)
        .executeTakeFirstOrThrow()
    const payouts = () =>
      t.database.db.selectFrom('payouts').select(['status']).where('user_id', '=', affiliate.userId).execute()
    expect(await payouts()).toEqual([{ status: 'pending' }])

    const account = (payoutsEnabled: boolean, due: string[] = []) => ({
      id: accountId,
      object: 'account',
      details_submitted: true,
      payouts_enabled: payoutsEnabled,
      requirements: { currently_due: due, past_due: [], disabled_reason: null },
    })
    const deliver = (object: object, secret = WEBHOOK_SECRET) => {
      const payload = JSON.stringify({
        id: `evt_acct_${Date.now()}_${Math.random()}`,
        object: 'event',
        type: 'account.updated',
        api_version: '2025-10-29.clover',
        created: Math.floor(Date.now() / 1000),
        data: { object },
      })
      return t.app.inject({
        method: 'POST',
        url: '/v1/billing/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
        },
        payload,
      })
    }
    // A forged delivery changes nothing.
    expect((await deliver(account(false), 'whsec_forged')).statusCode).toBe(400)
    expect(await stored()).toEqual({ state: 'connected', paused: false })

    // Stripe asks for tax details again: kept at once, nothing sent.
    expect((await deliver(account(true, ['individual.ssn_last_4']))).statusCode).toBe(200)
    expect(await stored()).toEqual({ state: 'tax_forms_needed', paused: false })
    expect(await payouts()).toEqual([{ status: 'pending' }])

    // Able to take payouts again: the pending payout goes out under its own key, exactly once.
    expect((await deliver(account(true))).statusCode).toBe(200)
    expect(await stored()).toEqual({ state: 'connected', paused: false })
    expect(await payouts()).toEqual([{ status: 'paid' }])
    expect(stripe.transfers).toHaveLength(transfers)

    // An account nobody here holds is answered and ignored.
    expect((await deliver({ ...account(true), id: 'acct_unknown' })).statusCode).toBe(200)
  })
})
