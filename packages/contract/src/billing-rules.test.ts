import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  billingCurrency,
  billingDisplayTier,
  canExtendCharacterLimit,
  countsAsCancelled,
  defaultBillingPeriod,
  formatPrice,
  hasBillingProblem,
  isBlockedStatus,
  isCharacterLimitOverrun,
  isGrantTier,
  isPendingDowngrade,
  type PendingChange,
  planAction,
  planForPromoAmountOff,
  recommendedGrantUpgrade,
  tierRank,
} from './billing-rules.js'
import {
  BILLING_PERIODS,
  type BillingPeriod,
  maxVoiceAddEdits,
  PLANS,
  PURCHASABLE_TIERS,
  SUBSCRIPTION_STATUSES,
  TIERS,
  type Tier,
} from './plans.js'

const M: BillingPeriod = 'monthly_period'
const A: BillingPeriod = 'annual_period'

describe('tier order', () => {
  it('runs free, grants, starter, creator, pro, scale, business, trial, enterprise', () => {
    const sorted = [...TIERS].sort((a, b) => tierRank(a) - tierRank(b))
    expect(sorted).toEqual([
      'free',
      'grant_tier_1',
      'grant_tier_2',
      'starter',
      'creator',
      'pro',
      'growing_business',
      'scale_2024_08_10',
      'trial',
      'enterprise',
    ])
  })

  it('knows the grant tiers and recommends Business unless a post-grant tier is set', () => {
    expect(TIERS.filter(isGrantTier)).toEqual(['grant_tier_1', 'grant_tier_2'])
    expect(recommendedGrantUpgrade(null)).toBe('scale_2024_08_10')
    expect(recommendedGrantUpgrade('pro')).toBe('pro')
  })
})

describe('subscription status', () => {
  it.each(SUBSCRIPTION_STATUSES.flatMap((status) => TIERS.map((tier) => [status, tier] as const)))(
    'problem flag for %s on %s',
    (status, tier) => {
      const expected = tier !== 'enterprise' && (status === 'incomplete' || status === 'past_due')
      expect(hasBillingProblem(status, tier)).toBe(expected)
    },
  )

  it('blocks free_disabled only, and shows a trial as enterprise', () => {
    expect(SUBSCRIPTION_STATUSES.filter(isBlockedStatus)).toEqual(['free_disabled'])
    expect(TIERS.map(billingDisplayTier)).toEqual([...TIERS.slice(0, 8), 'enterprise', 'enterprise'])
  })
})

// The expected action, written out row by row for the combinations that matter, then checked
// exhaustively below against the rules restated independently.
describe('plan action table', () => {
  const cancellation: PendingChange = { kind: 'cancellation', nextTier: 'free', nextBillingPeriod: null }
  const toStarterMonthly: PendingChange = { kind: 'change', nextTier: 'starter', nextBillingPeriod: M }
  const toCreatorMonthly: PendingChange = { kind: 'change', nextTier: 'creator', nextBillingPeriod: M }
  const rows: [Tier, BillingPeriod, PendingChange | null, Tier, BillingPeriod, string, string][] = [
    ['free', M, null, 'free', M, 'none', 'Subscribed'],
    ['free', M, null, 'free', A, 'none', 'Subscribed'],
    ['free', M, null, 'starter', M, 'create', 'Subscribe'],
    ['free', M, null, 'scale_2024_08_10', A, 'create', 'Subscribe'],
    ['trial', M, null, 'pro', M, 'create', 'Subscribe'],
    ['trial', M, null, 'free', M, 'downgrade', 'Downgrade'],
    ['grant_tier_1', M, null, 'creator', M, 'create', 'Start Today'],
    ['grant_tier_2', A, null, 'scale_2024_08_10', A, 'create', 'Start Today'],
    ['grant_tier_1', M, null, 'free', M, 'downgrade', 'Downgrade'],
    ['creator', M, null, 'creator', M, 'cancel', 'Cancel Subscription'],
    ['creator', M, cancellation, 'creator', M, 'renew', 'Do Not Cancel'],
    ['creator', M, null, 'creator', A, 'upgrade', 'Upgrade'],
    ['creator', A, null, 'creator', M, 'downgrade', 'Downgrade'],
    ['creator', A, toCreatorMonthly, 'creator', M, 'cancel_downgrade', 'Cancel Downgrade'],
    ['creator', M, null, 'pro', M, 'upgrade', 'Upgrade'],
    ['creator', A, null, 'pro', M, 'downgrade', 'Downgrade'],
    ['creator', M, null, 'starter', M, 'downgrade', 'Downgrade'],
    ['creator', M, toStarterMonthly, 'starter', M, 'cancel_downgrade', 'Cancel Downgrade'],
    ['creator', M, toStarterMonthly, 'starter', A, 'downgrade', 'Downgrade'],
    ['creator', M, null, 'free', M, 'downgrade', 'Downgrade'],
    ['creator', M, cancellation, 'free', M, 'downgrade', 'Downgrade'],
    ['pro', M, cancellation, 'scale_2024_08_10', M, 'upgrade', 'Upgrade'],
    ['enterprise', M, null, 'scale_2024_08_10', M, 'downgrade', 'Downgrade'],
    ['enterprise', M, null, 'free', A, 'downgrade', 'Downgrade'],
  ]
  it.each(rows)(
    '%s %s (pending %o) -> %s %s: %s',
    (tier, period, pending, target, targetPeriod, action, label) => {
      const result = planAction(
        { tier, billingPeriod: period, pendingChange: pending },
        { tier: target, billingPeriod: targetPeriod },
      )
      expect([result.action, result.label]).toEqual([action, label])
    },
  )

  // Every (current tier, period, pending change) x (target card, period).
  const pendings: (PendingChange | null)[] = [
    null,
    cancellation,
    ...TIERS.flatMap((nextTier) =>
      BILLING_PERIODS.map(
        (nextBillingPeriod): PendingChange => ({ kind: 'change', nextTier, nextBillingPeriod }),
      ),
    ),
  ]
  const cases = TIERS.flatMap((tier) =>
    BILLING_PERIODS.flatMap((period) =>
      pendings.flatMap((pending) =>
        PURCHASABLE_TIERS.flatMap((target) =>
          BILLING_PERIODS.map((targetPeriod) => ({ tier, period, pending, target, targetPeriod })),
        ),
      ),
    ),
  )

  function expected(c: (typeof cases)[number]): [string, string] {
    const unbilled = c.tier === 'free' || c.tier === 'trial'
    const grant = c.tier === 'grant_tier_1' || c.tier === 'grant_tier_2'
    if (c.tier === c.target && (unbilled || c.period === c.targetPeriod)) {
      if (c.pending?.kind === 'cancellation') return ['renew', 'Do Not Cancel']
      return unbilled ? ['none', 'Subscribed'] : ['cancel', 'Cancel Subscription']
    }
    if (c.target !== 'free' && grant) return ['create', 'Start Today']
    if (c.target !== 'free' && unbilled) return ['create', 'Subscribe']
    if (TIERS.indexOf(c.target) < TIERS.indexOf(c.tier) || (c.period === A && c.targetPeriod === M)) {
      const p = c.pending
      const already =
        p?.kind === 'change' &&
        p.nextTier === c.target &&
        (c.target === 'free' || p.nextBillingPeriod === c.targetPeriod)
      return already ? ['cancel_downgrade', 'Cancel Downgrade'] : ['downgrade', 'Downgrade']
    }
    return ['upgrade', 'Upgrade']
  }

  it(`gives the rule's action for all ${cases.length} combinations`, () => {
    expect(cases.length).toBe(TIERS.length * 2 * pendings.length * PURCHASABLE_TIERS.length * 2)
    for (const c of cases) {
      const got = planAction(
        { tier: c.tier, billingPeriod: c.period, pendingChange: c.pending },
        { tier: c.target, billingPeriod: c.targetPeriod },
      )
      expect([got.action, got.label], JSON.stringify(c)).toEqual(expected(c))
    }
  })

  it('never offers a checkout for the free card, and an upgrade always goes up or to annual', () => {
    fc.assert(
      fc.property(fc.constantFrom(...cases), (c) => {
        const got = planAction(
          { tier: c.tier, billingPeriod: c.period, pendingChange: c.pending },
          { tier: c.target, billingPeriod: c.targetPeriod },
        )
        if (c.target === 'free') expect(got.action).not.toBe('create')
        if (got.action === 'upgrade') {
          const up = tierRank(c.target) > tierRank(c.tier)
          const toAnnual = c.target === c.tier && c.targetPeriod === A
          expect(up || toAnnual).toBe(true)
        }
      }),
    )
  })
})

describe('pending changes', () => {
  it('a pending downgrade is a pending change to a lower tier', () => {
    expect(isPendingDowngrade('pro', { kind: 'change', nextTier: 'creator', nextBillingPeriod: M })).toBe(
      true,
    )
    expect(isPendingDowngrade('pro', { kind: 'change', nextTier: 'pro', nextBillingPeriod: M })).toBe(false)
    expect(
      isPendingDowngrade('pro', { kind: 'cancellation', nextTier: 'free', nextBillingPeriod: null }),
    ).toBe(false)
    expect(isPendingDowngrade('pro', null)).toBe(false)
  })

  it('counts as cancelled exactly when renewing is offered, unless an exempt coupon is held', () => {
    const cancellation: PendingChange = { kind: 'cancellation', nextTier: 'free', nextBillingPeriod: null }
    const base = { tier: 'pro' as Tier, billingPeriod: M, couponId: null }
    expect(countsAsCancelled({ ...base, pendingChange: cancellation })).toBe(true)
    expect(countsAsCancelled({ ...base, pendingChange: null })).toBe(false)
    expect(
      countsAsCancelled({
        ...base,
        pendingChange: { kind: 'change', nextTier: 'starter', nextBillingPeriod: M },
      }),
    ).toBe(false)
    expect(countsAsCancelled({ ...base, pendingChange: cancellation, couponId: 'keep' }, ['keep'])).toBe(
      false,
    )
    expect(countsAsCancelled({ ...base, pendingChange: cancellation, couponId: 'other' }, ['keep'])).toBe(
      true,
    )
  })
})

describe('currency and period', () => {
  it('null or usd -> usd, anything else -> eur', () => {
    expect(billingCurrency(null)).toBe('usd')
    expect(billingCurrency(undefined)).toBe('usd')
    expect(billingCurrency('usd')).toBe('usd')
    expect(billingCurrency('eur')).toBe('eur')
    expect(billingCurrency('gbp')).toBe('eur')
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(billingCurrency(s)).toBe(s === 'usd' ? 'usd' : 'eur')
      }),
    )
  })

  it('shows usd with a $ prefix and eur with a € suffix', () => {
    expect(formatPrice(500, 'usd')).toBe('$5')
    expect(formatPrice(417, 'usd')).toBe('$4.17')
    expect(formatPrice(8250, 'usd')).toBe('$82.50')
    expect(formatPrice(475, 'eur')).toBe('4.75€')
    expect(formatPrice(4750, 'eur')).toBe('47.50€')
    expect(formatPrice(132_000, 'usd')).toBe('$1,320')
    expect(formatPrice(1_320_000, 'usd')).toBe('$13,200')
    expect(formatPrice(314_050, 'eur')).toBe('3,140.50€')
    fc.assert(
      fc.property(fc.nat(10_000_000), (cents) => {
        expect(formatPrice(cents, 'usd').startsWith('$')).toBe(true)
        expect(formatPrice(cents, 'eur').endsWith('€')).toBe(true)
        expect(Number(formatPrice(cents, 'usd').slice(1).replaceAll(',', ''))).toBeCloseTo(cents / 100, 5)
      }),
    )
  })

  it('defaults to monthly, yearly with the annual-pricing flag', () => {
    expect(defaultBillingPeriod(false)).toBe('monthly_period')
    expect(defaultBillingPeriod(true)).toBe('annual_period')
  })
})

describe('character limit', () => {
  it('overruns when count + requested passes the limit, unless the plan can extend', () => {
    const at = (characterCount: number, requested: number, canExtend = false, characterLimit = 100) =>
      isCharacterLimitOverrun({ characterCount, characterLimit, requested, canExtend })
    expect(at(50, 50)).toBe(false)
    expect(at(50, 51)).toBe(true)
    expect(at(50, 51, true)).toBe(false)
    expect(at(10 ** 9, 1, false, -1)).toBe(false)
    fc.assert(
      fc.property(fc.nat(10 ** 7), fc.nat(10 ** 7), fc.nat(10 ** 7), (count, requested, limit) => {
        expect(at(count, requested, false, limit)).toBe(count + requested > limit)
        expect(at(count, requested, true, limit)).toBe(false)
      }),
    )
  })

  it('extends only with ability, permission, and an active status or enterprise-class tier', () => {
    for (const tier of TIERS)
      for (const status of SUBSCRIPTION_STATUSES)
        for (const allowedToExtend of [true, false]) {
          const extension = PLANS[tier].limits.characterLimitExtension
          const expected =
            extension !== 0 &&
            allowedToExtend &&
            (status === 'active' || tier === 'enterprise' || tier === 'trial')
          expect(
            canExtendCharacterLimit({ tier, status, extension, allowedToExtend }),
            `${tier} ${status}`,
          ).toBe(expected)
        }
  })

  it('max voice add/edits = round(1.5 x n + 50)', () => {
    expect(maxVoiceAddEdits(3)).toBe(55)
    expect(maxVoiceAddEdits(10)).toBe(65)
    expect(maxVoiceAddEdits(30)).toBe(95)
    expect(maxVoiceAddEdits(160)).toBe(290)
    expect(maxVoiceAddEdits(660)).toBe(1040)
    fc.assert(
      fc.property(fc.nat(100_000), (n) => {
        expect(maxVoiceAddEdits(n + 2) - maxVoiceAddEdits(n)).toBe(3)
        expect(Number.isInteger(maxVoiceAddEdits(n))).toBe(true)
      }),
    )
  })
})

describe('promo codes', () => {
  it('maps amount_off to plans', () => {
    expect(planForPromoAmountOff(500)).toBe('starter')
    expect(planForPromoAmountOff(2200)).toBe('creator')
    expect(planForPromoAmountOff(9900)).toBe('pro')
    expect(planForPromoAmountOff(10_000)).toBe('pro')
    expect(planForPromoAmountOff(33_000)).toBe('growing_business')
    expect(planForPromoAmountOff(132_000)).toBe('scale_2024_08_10')
    expect(planForPromoAmountOff(1234)).toBeNull()
    expect(planForPromoAmountOff(null)).toBeNull()
  })
})
