import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { enrolTwoFactor } from '../../../test/helpers/two-factor.js'
import { createBillingModule } from './billing.module.js'
import { addMonths } from './credit-periods.js'

// Credits over time, renewals by the local provider, the card on file, usage-based billing,
// grants, the billing-admin check and the billing fields of the public subscription, through
// the HTTP API on a real database. The renewal job's handler runs with a chosen "now".

let t: TestApp
const GOOD = '4242 4242 4242 4242'
const DECLINED = '4000000000000002'
const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await createTestApp()
  await t.database.db
    .insertInto('grant_offers')
    .values([
      { code: 'GRANT-ONE', tier: 'grant_tier_1' },
      { code: 'GRANT-TWO', tier: 'grant_tier_2', duration_months: 12 },
      { code: 'GRANT-PAYING', tier: 'grant_tier_2' },
      { code: 'GRANT-OLD', tier: 'grant_tier_1', expires_at: new Date(Date.now() - 1000) },
    ])
    .execute()
})
afterAll(() => t?.close())

/** The renewal job's handler on the same database, run at a chosen time. */
const runJobAt = (now: Date) => createBillingModule({ db: t.database.db }).ports.renewals.runDue(now)

const post = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.auth, ...(payload ? { payload } : {}) })
const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.auth })

async function row(user: TestUser) {
  const workspaceId = await workspaceIdOf(t.database.db, user.userId)
  return t.database.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow()
}

async function payments(user: TestUser) {
  const workspaceId = await workspaceIdOf(t.database.db, user.userId)
  return t.database.db
    .selectFrom('payments')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .execute()
}

async function subscribe(user: TestUser, tier: string, period = 'monthly_period', card = GOOD) {
  const res = await post(user, '/create-checkout-session', {
    subscription_type: tier,
    billing_period: period,
    no_default_promocode: true,
  })
  expect(res.statusCode, res.body).toBe(200)
  const id = res.json().url.split('/').pop()
  const paid = await post(user, `/v1/billing/local/checkout/${id}/pay`, { card_number: card })
  expect(paid.statusCode, paid.body).toBe(200)
  return paid.json()
}

async function use(user: TestUser, characters: number) {
  const workspaceId = await workspaceIdOf(t.database.db, user.userId)
  await t.database.db
    .updateTable('subscriptions')
    .set({ character_count: characters })
    .where('workspace_id', '=', workspaceId)
    .execute()
}

describe('credit resets and renewals', () => {
  it('schedules the renewal job every minute in the queue', async () => {
    const schedules = await sql<{
      name: string
      cron: string
    }>`select name, cron from pgboss.schedule`.execute(t.database.db)
    expect(schedules.rows).toContainEqual({ name: 'billing.renewals', cron: '* * * * *' })
  })

  it('resets a free workspace monthly, with no rollover, and keeps next_character_count_reset_unix in step', async () => {
    const user = await createUser(t.app, t.database)
    await use(user, 4_000)
    const before = await row(user)
    expect(await runJobAt(new Date(before.next_reset_at.getTime() - 1000))).toBe(0)
    await runJobAt(new Date(before.next_reset_at.getTime() + 1000))
    const after = await row(user)
    expect(after).toMatchObject({ tier: 'free', character_count: 0, character_limit: 10_000 })
    expect(after.next_reset_at.getTime()).toBeGreaterThan(before.next_reset_at.getTime() + 27 * DAY)
    const sub = await get(user, '/v1/user/subscription')
    expect(sub.json().next_character_count_reset_unix).toBe(Math.floor(after.next_reset_at.getTime() / 1000))
  })

  it('renews a monthly plan once per boundary, rolling unused credits over for two months', async () => {
    const user = await createUser(t.app, t.database)
    await subscribe(user, 'creator')
    const start = (await row(user)).current_period_start as Date
    await use(user, 30_000)
    const first = addMonths(start, 1)
    // Two workers (or a rerun) at the same boundary charge once.
    await Promise.all([
      runJobAt(new Date(first.getTime() + 1000)),
      runJobAt(new Date(first.getTime() + 1000)),
    ])
    let r = await row(user)
    expect(r).toMatchObject({
      status: 'active',
      character_count: 0,
      rollover_newer: 70_000,
      rollover_older: 0,
    })
    expect(r.character_limit).toBe(170_000)
    expect(r.current_period_start?.toISOString()).toBe(first.toISOString())
    expect((await payments(user)).map((p) => [p.kind, p.amount_cents, p.status])).toEqual([
      ['checkout', 2200, 'paid'],
      ['renewal', 2200, 'paid'],
    ])
    // Second month: 100,000 used takes the carried 70,000 first, then 30,000 of the month's own.
    await use(user, 100_000)
    await runJobAt(new Date(addMonths(start, 2).getTime() + 1000))
    r = await row(user)
    expect(r).toMatchObject({ rollover_older: 0, rollover_newer: 70_000, character_limit: 170_000 })
    // Third month: nothing used; month two's 70,000 become the oldest, month three's 100,000 the newest.
    await use(user, 0)
    await runJobAt(new Date(addMonths(start, 3).getTime() + 1000))
    r = await row(user)
    expect(r).toMatchObject({ rollover_older: 70_000, rollover_newer: 100_000, character_limit: 270_000 })
    // Fourth month: the oldest carried credits expire unused; the limit never holds more than two months.
    await runJobAt(new Date(addMonths(start, 4).getTime() + 1000))
    r = await row(user)
    expect(r).toMatchObject({ rollover_older: 100_000, rollover_newer: 100_000, character_limit: 300_000 })
    expect((await payments(user)).filter((p) => p.kind === 'renewal')).toHaveLength(4)
    const info = await get(user, '/v1/billing/subscription-info')
    expect(info.json()).toMatchObject({
      character_refresh_period: 'monthly_period',
      next_character_count_reset_unix: Math.floor(r.next_reset_at.getTime() / 1000),
    })
    expect(r.next_reset_at.toISOString()).toBe(addMonths(start, 5).toISOString())
  })

  it('renews a plan begun on the 31st on the last day of short months and on the 31st again', async () => {
    const user = await createUser(t.app, t.database, { remoteAddress: '192.0.2.31' })
    await subscribe(user, 'creator')
    const began = new Date('2027-01-31T10:00:00.000Z')
    await t.database.db
      .updateTable('subscriptions')
      .set({
        billing_anchor_at: began,
        current_period_start: began,
        current_period_end: addMonths(began, 1),
        period_started_at: began,
        next_reset_at: addMonths(began, 1),
      })
      .where('workspace_id', '=', await workspaceIdOf(t.database.db, user.userId))
      .execute()
    const periods: string[][] = []
    for (const day of ['2027-02-28', '2027-03-31', '2027-04-30']) {
      await runJobAt(new Date(`${day}T10:00:01.000Z`))
      const r = await row(user)
      periods.push(
        [r.current_period_start, r.current_period_end, r.next_reset_at].map((d) => d?.toISOString() ?? ''),
      )
    }
    expect(periods).toEqual([
      ['2027-02-28T10:00:00.000Z', '2027-03-31T10:00:00.000Z', '2027-03-31T10:00:00.000Z'],
      ['2027-03-31T10:00:00.000Z', '2027-04-30T10:00:00.000Z', '2027-04-30T10:00:00.000Z'],
      ['2027-04-30T10:00:00.000Z', '2027-05-31T10:00:00.000Z', '2027-05-31T10:00:00.000Z'],
    ])
    expect((await payments(user)).filter((p) => p.kind === 'renewal')).toHaveLength(3)
  })

  it('applies a scheduled downgrade and a cancellation at the period end', async () => {
    const down = await createUser(t.app, t.database)
    await subscribe(down, 'pro')
    await post(down, '/change-subscription', {
      subscription_type: 'starter',
      billing_period: 'monthly_period',
    })
    const end = (await row(down)).current_period_end as Date
    await runJobAt(new Date(end.getTime() + 1000))
    // Pro's unused credits carry over, each month capped at one month of the new plan (Starter's 30,000).
    expect(await row(down)).toMatchObject({
      tier: 'starter',
      character_limit: 60_000,
      rollover_newer: 30_000,
      pending_change_kind: null,
    })
    expect((await payments(down)).at(-1)).toMatchObject({
      kind: 'renewal',
      amount_cents: 500,
      tier: 'starter',
    })

    const gone = await createUser(t.app, t.database)
    await subscribe(gone, 'creator')
    await post(gone, '/cancel-subscription')
    const goneEnd = (await row(gone)).current_period_end as Date
    await runJobAt(new Date(goneEnd.getTime() + 1000))
    expect(await row(gone)).toMatchObject({ tier: 'free', status: 'free', current_period_end: null })
    expect((await payments(gone)).map((p) => p.kind)).toEqual(['checkout'])
  })

  it('leaves a declined renewal open and the subscription past_due, then recovers when the card is replaced', async () => {
    const user = await createUser(t.app, t.database)
    await subscribe(user, 'creator')
    // The customer replaces the card with the declining test card: nothing is owed yet, so it is kept.
    const swapped = await post(user, '/v1/billing/local/portal/payment-method', { card_number: DECLINED })
    expect(swapped.statusCode, swapped.body).toBe(200)
    await use(user, 90_000)
    const end = (await row(user)).current_period_end as Date
    await runJobAt(new Date(end.getTime() + 1000))
    let r = await row(user)
    expect(r).toMatchObject({ status: 'past_due', character_count: 90_000 })
    expect((await payments(user)).at(-1)).toMatchObject({
      kind: 'renewal',
      status: 'open',
      amount_cents: 2200,
    })
    const info = await get(user, '/v1/billing/subscription-info')
    expect(info.json()).toMatchObject({ status: 'past_due', has_open_invoices: true })
    const pub = await get(user, '/v1/user/subscription')
    expect(pub.json()).toMatchObject({ has_open_invoices: true, status: 'past_due' })
    expect(pub.json().open_invoices).toHaveLength(1)
    // Running again changes nothing and charges nothing.
    await runJobAt(new Date(end.getTime() + 2000))
    expect((await payments(user)).filter((p) => p.kind === 'renewal')).toHaveLength(1)

    const again = await post(user, '/v1/billing/local/portal/payment-method', { card_number: DECLINED })
    expect([again.statusCode, again.json().detail.code]).toEqual([402, 'card_declined'])
    const fixed = await post(user, '/v1/billing/local/portal/payment-method', { card_number: GOOD })
    expect(fixed.statusCode, fixed.body).toBe(200)
    expect(fixed.json()).toMatchObject({ open_invoices: [], payment_method: { last4: '4242' } })
    r = await row(user)
    expect(r).toMatchObject({ status: 'active', character_count: 0 })
    expect((await payments(user)).filter((p) => p.status === 'open')).toHaveLength(0)
  })

  it('returns an unpaid past_due subscription to free after the grace period', async () => {
    const user = await createUser(t.app, t.database)
    await subscribe(user, 'starter')
    await post(user, '/v1/billing/local/portal/payment-method', { card_number: DECLINED })
    const end = (await row(user)).current_period_end as Date
    await runJobAt(new Date(end.getTime() + 1000))
    expect((await row(user)).status).toBe('past_due')
    await runJobAt(new Date(end.getTime() + 15 * DAY))
    expect(await row(user)).toMatchObject({ tier: 'free', status: 'free' })
  })

  it('renews an annual plan yearly and resets its credits monthly', async () => {
    const user = await createUser(t.app, t.database)
    await subscribe(user, 'starter', 'annual_period')
    const start = (await row(user)).current_period_start as Date
    for (let m = 1; m <= 12; m++) await runJobAt(new Date(addMonths(start, m).getTime() + 1000))
    const kinds = (await payments(user)).map((p) => [p.kind, p.amount_cents])
    expect(kinds).toEqual([
      ['checkout', 5000],
      ['renewal', 5000],
    ])
    const r = await row(user)
    expect(r.current_period_end?.toISOString()).toBe(addMonths(start, 24).toISOString())
    expect(r.next_reset_at.toISOString()).toBe(addMonths(start, 13).toISOString())
  })
})

describe('usage-based billing', () => {
  it('needs a plan that can extend, a verified card, and no grant; then bills the characters above the credits', async () => {
    const free = await createUser(t.app, t.database)
    const onFree = await post(free, '/v1/billing/usage-based-billing', { enabled: true })
    expect([onFree.statusCode, onFree.json().detail.message]).toEqual([
      409,
      'This plan cannot extend its character limit.',
    ])

    const user = await createUser(t.app, t.database)
    await subscribe(user, 'creator')
    const unverified = await post(user, '/v1/billing/usage-based-billing', { enabled: true })
    expect(unverified.statusCode).toBe(409)
    expect(unverified.json().detail.message).toMatch(/Card verification may take up to 1 minute/)
    const verified = await post(user, '/verify-card')
    expect(verified.json()).toEqual({ verified: true, brand: 'visa', last4: '4242' })
    const on = await post(user, '/v1/billing/usage-based-billing', { enabled: true })
    expect(on.statusCode, on.body).toBe(200)
    const sub = await get(user, '/v1/user/subscription')
    expect(sub.json()).toMatchObject({
      can_extend_character_limit: true,
      allowed_to_extend_character_limit: true,
      max_character_limit_extension: 1000,
    })
    // 1,000 characters above the 100,000: $0.30 per 1,000 on Creator.
    await use(user, 101_000)
    const over = await get(user, '/v1/user/subscription')
    expect(over.json().current_overage).toEqual({ amount: '0.30', currency: 'usd' })
    const boundary = (await row(user)).next_reset_at
    await runJobAt(new Date(boundary.getTime() + 1000))
    const usage = (await payments(user)).find((p) => p.kind === 'usage')
    expect(usage).toMatchObject({ amount_cents: 30, characters: 1000, status: 'paid' })
    expect((await row(user)).rollover_newer).toBe(0)
  })

  it('invoices usage early at the plan billing threshold, and only the rest at the reset', async () => {
    const user = await createUser(t.app, t.database)
    await subscribe(user, 'creator')
    await post(user, '/verify-card')
    const on = await post(user, '/v1/billing/usage-based-billing', {
      enabled: true,
      max_character_limit_extension: 300_000,
    })
    expect(on.statusCode, on.body).toBe(200)
    expect((await get(user, '/v1/user/subscription')).json().max_character_limit_extension).toBe(300_000)
    // 140,000 characters over: $42, below Creator's $44 monthly threshold.
    await use(user, 240_000)
    await runJobAt(new Date())
    expect((await payments(user)).filter((p) => p.kind === 'usage')).toHaveLength(0)
    // 150,000 over: $45, at the threshold: invoiced now, once.
    await use(user, 250_000)
    await Promise.all([runJobAt(new Date()), runJobAt(new Date())])
    let usage = (await payments(user)).filter((p) => p.kind === 'usage')
    expect(usage.map((p) => [p.amount_cents, p.characters, p.status])).toEqual([[4500, 150_000, 'paid']])
    expect((await get(user, '/v1/user/subscription')).json().current_overage.amount).toBe('0.00')
    // 10,000 more before the reset: only those are invoiced then.
    await use(user, 260_000)
    const boundary = (await row(user)).next_reset_at
    await runJobAt(new Date(boundary.getTime() + 1000))
    usage = (await payments(user)).filter((p) => p.kind === 'usage')
    expect(usage.map((p) => [p.amount_cents, p.characters])).toEqual([
      [4500, 150_000],
      [300, 10_000],
    ])
    expect(await row(user)).toMatchObject({ character_count: 0, overage_billed_characters: 0 })
  })

  it('refuses a card that fails verification', async () => {
    const user = await createUser(t.app, t.database)
    const none = await post(user, '/verify-card')
    expect([none.statusCode, none.json().detail.message]).toEqual([402, 'Card verification failed'])
    await subscribe(user, 'pro')
    await post(user, '/v1/billing/local/portal/payment-method', { card_number: DECLINED })
    const bad = await post(user, '/verify-card')
    expect([bad.statusCode, bad.json().detail.message]).toEqual([402, 'Card verification failed'])
  })
})

describe('portal, payment methods and the admin check', () => {
  it('returns the local pages and serves the portal data', async () => {
    const user = await createUser(t.app, t.database)
    const portal = await post(user, '/create-portal-session')
    expect(portal.json()).toEqual({ url: 'http://timbre.test/billing/local/portal' })
    const methods = await post(user, '/create-update-payment-methods-session')
    expect(methods.json()).toEqual({ url: 'http://timbre.test/billing/local/portal/payment-method' })
    const page = await get(user, '/v1/billing/local/portal')
    expect(page.json()).toMatchObject({ payment_method: null, open_invoices: [], test_mode: true })
    const bad = await post(user, '/v1/billing/local/portal/payment-method', { card_number: '1234' })
    expect(bad.statusCode).toBe(422)
  })

  it('refuses billing calls to a workspace member who is not an admin', async () => {
    // A second user who works in the owner's workspace as a plain member.
    const owner = await createUser(t.app, t.database)
    const user = await createUser(t.app, t.database)
    const workspaceId = await workspaceIdOf(t.database.db, owner.userId)
    await t.database.db
      .insertInto('workspace_members')
      .values({ workspace_id: workspaceId, user_id: user.userId, role: 'member', created_at: new Date() })
      .execute()
    await t.database.db
      .updateTable('users')
      .set({ workspace_id: workspaceId })
      .where('id', '=', user.userId)
      .execute()
    for (const url of [
      '/create-checkout-session',
      '/create-portal-session',
      '/cancel-subscription',
      '/verify-card',
    ]) {
      const res = await post(user, url, { subscription_type: 'creator', billing_period: 'monthly_period' })
      expect([res.statusCode, res.json().detail.code], url).toEqual([403, 'not_billing_admin'])
    }
    // Reading the workspace's billing (plan, next invoice, invoices) needs the same rights.
    for (const url of ['/v1/billing/subscription-info', '/v1/billing/invoices']) {
      const res = await get(user, url)
      expect([res.statusCode, res.json().detail.code], url).toEqual([403, 'not_billing_admin'])
      const own = await get(owner, url)
      expect(own.statusCode, url).toBe(200)
    }
  })
})

describe('upgrade with an idempotency key', () => {
  it('charges once when the same key races, refuses a non-upgrade, and a declined card charges nothing', async () => {
    const user = await createUser(t.app, t.database)
    await subscribe(user, 'starter')
    const body = { subscription_type: 'pro', billing_period: 'monthly_period', idempotency_key: 'promo-up-1' }
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => post(user, '/v1/billing/upgrade-subscription', body)),
    )
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200])
    expect((await payments(user)).filter((p) => p.kind === 'upgrade')).toHaveLength(1)
    expect((await row(user)).tier).toBe('pro')
    const down = await post(user, '/v1/billing/upgrade-subscription', {
      ...body,
      subscription_type: 'creator',
      idempotency_key: 'k2',
    })
    expect([down.statusCode, down.json().detail.message]).toEqual([
      409,
      'Failed to upgrade subscription: the chosen plan is not an upgrade of the current one.',
    ])
    const noKey = await post(user, '/v1/billing/upgrade-subscription', {
      subscription_type: 'growing_business',
      billing_period: 'monthly_period',
    })
    expect(noKey.statusCode).toBe(422)

    await post(user, '/v1/billing/local/portal/payment-method', { card_number: DECLINED })
    const declined = await post(user, '/v1/billing/upgrade-subscription', {
      ...body,
      subscription_type: 'growing_business',
      idempotency_key: 'k3',
    })
    expect([declined.statusCode, declined.json().detail.code]).toEqual([402, 'card_declined'])
    expect((await row(user)).tier).toBe('pro')
    expect((await payments(user)).filter((p) => p.kind === 'upgrade')).toHaveLength(1)
  })
})

describe('grants', () => {
  it('accepts a grant, chooses the subscription after it, and moves to it at the grant end', async () => {
    const user = await createUser(t.app, t.database)
    // Grant plans require two-factor sign-in of every member.
    await enrolTwoFactor(t.app, user)
    const unknown = await post(user, '/create-grant-acceptance-session', { grant_code: 'NOPE' })
    expect([unknown.statusCode, unknown.json().detail.code]).toEqual([400, 'grant_offer_invalid'])
    const expired = await post(user, '/create-grant-acceptance-session', { grant_code: 'GRANT-OLD' })
    expect(expired.statusCode).toBe(400)
    const session = await post(user, '/create-grant-acceptance-session', { grant_code: 'GRANT-ONE' })
    expect(session.statusCode, session.body).toBe(200)
    expect(session.json().url).toMatch(/^http:\/\/timbre\.test\/billing\/grant\/gs_/)
    // An acceptance session is not a checkout: it cannot be paid to get the grant tier.
    const asCheckout = await post(user, `/v1/billing/local/checkout/${session.json().session_id}/pay`, {
      card_number: GOOD,
    })
    expect(asCheckout.statusCode).toBe(404)
    const page = await get(user, `/v1/billing/grant-sessions/${session.json().session_id}`)
    expect(page.json()).toMatchObject({
      grant_tier: 'grant_tier_1',
      requires_conversion: false,
      character_limit: 66_000_000,
    })
    const accepted = await post(user, `/v1/billing/grant-sessions/${session.json().session_id}/accept`)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json().tier).toBe('grant_tier_1')

    const other = await createUser(t.app, t.database)
    const taken = await post(other, '/create-grant-acceptance-session', { grant_code: 'GRANT-ONE' })
    expect([taken.statusCode, taken.json().detail.code]).toEqual([409, 'grant_offer_redeemed'])

    let settings = await get(user, '/grant-end-subscription-settings')
    expect(settings.json()).toMatchObject({
      is_on_grant: true,
      grant_tier: 'grant_tier_1',
      post_grant_subscription_type: null,
      recommended_tier: 'scale_2024_08_10',
      has_payment_method: false,
    })
    const noCard = await post(user, '/set-post-grant-subscription', {
      subscription_type: 'pro',
      billing_period: 'monthly_period',
    })
    expect([noCard.statusCode, noCard.json().detail.code]).toEqual([402, 'no_payment_method'])
    await post(user, '/v1/billing/local/portal/payment-method', { card_number: GOOD })
    const chosen = await post(user, '/set-post-grant-subscription', {
      subscription_type: 'pro',
      billing_period: 'monthly_period',
    })
    expect(chosen.json()).toMatchObject({ post_grant_subscription_type: 'pro', recommended_tier: 'pro' })
    const ubb = await post(user, '/v1/billing/usage-based-billing', { enabled: true })
    expect(ubb.json().detail.message).toBe('Grant recipients cannot enable usage-based billing.')

    // A month in, the grant's credits do not reset: they last the whole grant.
    await use(user, 5_000_000)
    const r = await row(user)
    await runJobAt(new Date(addMonths(r.period_started_at, 1).getTime() + 1000))
    expect((await row(user)).character_count).toBe(5_000_000)
    await runJobAt(new Date((r.grant_ends_at as Date).getTime() + 1000))
    expect(await row(user)).toMatchObject({
      tier: 'pro',
      status: 'active',
      character_limit: 500_000,
      grant_ends_at: null,
    })
    expect((await payments(user)).map((p) => [p.kind, p.amount_cents])).toEqual([['grant_end', 9900]])
    settings = await get(user, '/grant-end-subscription-settings')
    expect(settings.json().is_on_grant).toBe(false)
  })

  it('a paying workspace must convert, and its paid plan follows the grant', async () => {
    const user = await createUser(t.app, t.database)
    await enrolTwoFactor(t.app, user)
    await subscribe(user, 'creator')
    const session = await post(user, '/create-grant-acceptance-session', { grant_code: 'GRANT-PAYING' })
    const id = session.json().session_id
    const accept = await post(user, `/v1/billing/grant-sessions/${id}/accept`)
    expect([accept.statusCode, accept.json().detail.code]).toEqual([409, 'grant_needs_conversion'])
    const converted = await post(user, '/convert-paying-workspace-to-grant', { session_id: id })
    expect(converted.statusCode, converted.body).toBe(200)
    expect(await row(user)).toMatchObject({
      tier: 'grant_tier_2',
      post_grant_tier: 'creator',
      current_period_end: null,
    })
    const twice = await post(user, '/convert-paying-workspace-to-grant', { session_id: id })
    expect(twice.statusCode).toBe(200)
    // Its credits used up, the grant ends at once: back to the paid plan it replaced.
    await use(user, 33_000_000)
    const at = new Date()
    await runJobAt(at)
    expect(await row(user)).toMatchObject({ tier: 'creator', status: 'active', character_count: 0 })
    expect((await payments(user)).at(-1)).toMatchObject({ kind: 'grant_end', amount_cents: 2200 })
    const notGrant = await createUser(t.app, t.database)
    const refused = await post(notGrant, '/set-post-grant-subscription', { subscription_type: 'free' })
    expect([refused.statusCode, refused.json().detail.code]).toEqual([409, 'not_on_grant'])
  })
})

describe('the public subscription object', () => {
  it('carries the scheduled change and the next invoice, read through the official SDK', async () => {
    const user = await createUser(t.app, t.database)
    await subscribe(user, 'pro')
    await post(user, '/change-subscription', {
      subscription_type: 'creator',
      billing_period: 'monthly_period',
    })
    const key = await post(user, '/v1/user/api-keys', { name: 'sdk', permissions: ['user'] })
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const client = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address })
    const sub = await client.user.subscription.get()
    const end = Math.floor(((await row(user)).current_period_end as Date).getTime() / 1000)
    expect(sub.pendingChange).toEqual({
      kind: 'change',
      nextTier: 'creator',
      nextBillingPeriod: 'monthly_period',
      timestampSeconds: end,
    })
    expect(sub.nextInvoice).toMatchObject({ amountDueCents: 2200, nextPaymentAttemptUnix: end })
    await post(user, '/cancel-subscription')
    const cancelled = await client.user.subscription.get()
    expect(cancelled.pendingChange).toEqual({ kind: 'cancellation', timestampSeconds: end })
  })
})
