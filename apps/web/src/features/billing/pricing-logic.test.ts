import { type BillingPeriod, type CurrentPlan, planOffer, type Tier } from '@timbre/contract'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n, setupI18n } from '../../i18n/i18n'
import type { PlanOffer } from '../../lib/api-types'
import { PlanCard } from './plan-card'
import { cardButton, cardPrice, currentPlanOf, isCurrentCard, promoUpgrade } from './pricing-logic'
import { firstPromoFailure } from './promo-storage'

const M: BillingPeriod = 'monthly_period'
const A: BillingPeriod = 'annual_period'
const on = (
  tier: Tier,
  billingPeriod: BillingPeriod = M,
  pendingChange: CurrentPlan['pendingChange'] = null,
) => ({
  tier,
  billingPeriod,
  pendingChange,
})
const label = (current: CurrentPlan | null, tier: Tier, period: BillingPeriod) => {
  const button = cardButton(current, tier, period)
  return button.kind === 'action' ? `${button.labelKey}:${button.action.dialog ?? '-'}` : button.kind
}

describe('plan card buttons follow the plan-action table', () => {
  it.each([
    // [current plan, card, card period, label key : dialog]
    ['free', 'free', M, 'subscribed:-'],
    ['free', 'free', A, 'subscribed:-'],
    ['free', 'starter', M, 'subscribe:checkout'],
    ['free', 'creator', A, 'subscribe:checkout'],
    ['creator', 'creator', M, 'cancelSubscription:cancellation'],
    ['creator', 'creator', A, 'upgrade:upgrade'],
    ['creator', 'pro', M, 'upgrade:upgrade'],
    ['creator', 'starter', M, 'downgrade:downgrade'],
    ['creator', 'free', M, 'downgrade:downgrade'],
    ['grant_tier_1', 'creator', M, 'startToday:upgrade'],
    ['trial', 'pro', M, 'subscribe:checkout'],
  ] as const)('on %s, the %s card (%s) shows %s', (tier, card, period, expected) => {
    expect(label(on(tier), card, period)).toBe(expected)
  })

  it('annual to monthly is a downgrade, even to a higher tier', () => {
    expect(label(on('creator', A), 'creator', M)).toBe('downgrade:downgrade')
    expect(label(on('creator', A), 'pro', M)).toBe('downgrade:downgrade')
    expect(label(on('creator', A), 'pro', A)).toBe('upgrade:upgrade')
  })

  it('a scheduled downgrade offers to cancel it on its own card only', () => {
    const pending = on('creator', M, { kind: 'change', nextTier: 'starter', nextBillingPeriod: M })
    expect(label(pending, 'starter', M)).toBe('cancelDowngrade:-')
    expect(label(pending, 'starter', A)).toBe('downgrade:downgrade')
    expect(label(pending, 'free', M)).toBe('downgrade:downgrade')
  })

  it('a scheduled cancellation offers Do Not Cancel on the current card', () => {
    const cancelling = on('creator', M, { kind: 'cancellation', nextTier: 'free', nextBillingPeriod: null })
    expect(label(cancelling, 'creator', M)).toBe('doNotCancel:-')
    expect(label(cancelling, 'pro', M)).toBe('upgrade:upgrade')
  })

  it('signed out, every card leads to sign-up; enterprise is priced by contract', () => {
    expect(cardButton(null, 'free', M)).toEqual({ kind: 'signUp', labelKey: 'getStarted' })
    expect(cardButton(null, 'creator', M)).toEqual({ kind: 'signUp', labelKey: 'subscribe' })
    expect(label(on('free'), 'enterprise', M)).toBe('contact')
    expect(label(on('scale_2024_08_10', A), 'enterprise', M)).toBe('contact')
  })

  it('a trial is shown as enterprise: its card is the subscribed one', () => {
    expect(label(on('trial'), 'enterprise', M)).toBe('subscribed:-')
    expect(isCurrentCard(on('trial'), 'enterprise', A)).toBe(true)
    expect(isCurrentCard(on('creator', A), 'creator', M)).toBe(false)
    expect(isCurrentCard(on('creator', A), 'creator', A)).toBe(true)
    expect(isCurrentCard(on('free'), 'free', A)).toBe(true)
  })

  it('reads the plan from the subscription-info answer', () => {
    const plan = currentPlanOf({
      tier: 'creator',
      status: 'active',
      billing_period: 'monthly_period',
      currency: 'usd',
      pending_change: {
        kind: 'change',
        next_tier: 'starter',
        next_billing_period: 'monthly_period',
        timestamp_seconds: 1,
      },
      character_refresh_period: 'monthly_period',
      has_open_invoices: false,
      next_invoice: null,
      next_character_count_reset_unix: 1,
      current_period_end_unix: 1,
      discount: null,
      payment_provider: 'local',
      test_mode: true,
    })
    expect(plan).toEqual(on('creator', M, { kind: 'change', nextTier: 'starter', nextBillingPeriod: M }))
  })
})

describe('prices: usd with a $ prefix, eur with a € suffix', () => {
  const offer = (tier: Tier, currency: 'usd' | 'eur') => planOffer(tier, currency) as PlanOffer
  it.each([
    ['creator', 'usd', M, { main: '$22', strike: null, billedYearly: null, firstMonth: '$11' }],
    ['creator', 'eur', M, { main: '21€', strike: null, billedYearly: null, firstMonth: '10.45€' }],
    ['creator', 'usd', A, { main: '$18.33', strike: '$22', billedYearly: '$220', firstMonth: null }],
    ['starter', 'eur', A, { main: '3.96€', strike: '4.75€', billedYearly: '47.50€', firstMonth: null }],
    ['pro', 'usd', M, { main: '$99', strike: null, billedYearly: null, firstMonth: null }],
    ['free', 'usd', M, { main: '$0', strike: null, billedYearly: null, firstMonth: null }],
    ['free', 'eur', A, { main: '0€', strike: null, billedYearly: null, firstMonth: null }],
    ['enterprise', 'eur', M, { main: null, strike: null, billedYearly: null, firstMonth: null }],
  ] as const)('%s in %s, %s', (tier, currency, period, expected) => {
    expect(cardPrice(offer(tier, currency), period)).toEqual(expected)
  })
})

describe('the plan card', () => {
  beforeAll(async () => {
    await setupI18n()
    await i18n.changeLanguage('en-US')
  })
  const render = (
    tier: Tier,
    currency: 'usd' | 'eur',
    current: CurrentPlan | null,
    period: BillingPeriod = M,
  ) =>
    renderToStaticMarkup(
      createElement(PlanCard, {
        offer: planOffer(tier, currency) as PlanOffer,
        period,
        button: cardButton(current, tier, period),
        current: isCurrentCard(current, tier, period),
        busy: false,
        onClick: () => {},
      }),
    )

  it('shows the label of its plan action, the badge and the price in the chosen currency', () => {
    const html = render('creator', 'eur', on('free'))
    expect(html).toContain('>Subscribe<')
    expect(html).toContain('Most popular')
    expect(html).toContain('21€')
    expect(html).toContain('First month 10.45€')
    expect(html).toContain('100,000 credits per month')
    expect(html).not.toContain('Your plan')
  })

  it('marks the current plan and disables Subscribed', () => {
    const html = render('free', 'usd', on('free'))
    expect(html).toContain('Your plan')
    expect(html).toMatch(/<button[^>]*disabled[^>]*>Subscribed</)
    expect(html).not.toContain('Most popular')
  })

  it('shows the yearly price per month, the list price struck through and the yearly bill', () => {
    const html = render('pro', 'usd', on('creator'), A)
    expect(html).toContain('$82.50')
    expect(html).toContain('$99</s>')
    expect(html).toContain('$990 billed yearly')
    expect(html).toContain('>Upgrade<')
  })

  it('shows the first-month price only where a new subscription starts', () => {
    expect(render('creator', 'usd', null)).toContain('First month $11')
    expect(render('creator', 'usd', on('starter'))).not.toContain('First month')
  })
})

describe('the promo failure dialog', () => {
  it('shows once per page and code', () => {
    const data = new Map<string, string>()
    const store = {
      get length() {
        return data.size
      },
      key: (i: number) => [...data.keys()][i] ?? null,
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
      clear: () => data.clear(),
    } as Storage
    expect(firstPromoFailure('pricing', 'NOPE', store)).toBe(true)
    expect(firstPromoFailure('pricing', 'NOPE', store)).toBe(false)
    expect(firstPromoFailure('subscription', 'NOPE', store)).toBe(true)
    expect(firstPromoFailure('pricing', 'OTHER', store)).toBe(true)
  })
})

describe('the promo-upgrade dialog', () => {
  const promo = (amount_off: number | null, valid = true) => ({
    valid,
    amount_off,
    percent_off: amount_off === null ? 20 : null,
    duration_in_months: 1,
  })
  it.each([
    // [amount_off, current tier, expected]
    [500, 'free', { tier: 'starter', via: 'create' }],
    [2200, 'free', { tier: 'creator', via: 'create' }],
    [9900, 'starter', { tier: 'pro', via: 'upgrade' }],
    [10000, 'creator', { tier: 'pro', via: 'upgrade' }],
    [33000, 'grant_tier_1', { tier: 'growing_business', via: 'create' }],
    [132000, 'pro', { tier: 'scale_2024_08_10', via: 'upgrade' }],
    [2200, 'creator', null],
    [500, 'pro', null],
    [1234, 'free', null],
    [null, 'free', null],
  ] as const)('a code of %s off on %s offers %o', (amountOff, tier, expected) => {
    expect(promoUpgrade(promo(amountOff), on(tier))).toEqual(expected)
  })

  it('offers nothing for an invalid code or before the plan is known', () => {
    expect(promoUpgrade(promo(2200, false), on('free'))).toBeNull()
    expect(promoUpgrade(promo(2200), null)).toBeNull()
  })
})
