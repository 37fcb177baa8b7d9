import { describe, expect, it } from 'vitest'
import { OFFERED_TIERS, planOffer, planOffers } from './plan-offers.js'
import { PLAN_LIMITS, PLANS, periodPrice, TIERS } from './plans.js'

describe('plan catalogue', () => {
  it('has the credits, prices and limits of every paid plan', () => {
    const rows = TIERS.map((t) => {
      const p = PLANS[t]
      return [
        t,
        p.limits.characterLimit,
        p.prices?.monthly.usd ?? null,
        p.prices?.yearly.usd ?? null,
        p.prices?.monthly.eur ?? null,
        p.prices?.yearly.eur ?? null,
        p.prices?.firstMonth?.usd ?? null,
        p.limits.voiceLimit,
        p.limits.concurrency,
        p.limits.professionalVoiceLimit,
        p.limits.maxSeats,
        p.limits.characterLimitExtension,
        p.extraCharactersPer1000?.usd ?? null,
        p.conversational.minutes,
        p.conversational.concurrency,
      ]
    })
    expect(rows).toEqual([
      ['free', 10_000, null, null, null, null, null, 3, 2, 0, 1, 0, null, 15, 4],
      ['grant_tier_1', 66_000_000, null, null, null, null, null, 660, 15, 1, 3, 20_000, null, 3600, 30],
      ['grant_tier_2', 33_000_000, null, null, null, null, null, 660, 15, 1, 3, 20_000, null, 3600, 30],
      ['starter', 30_000, 500, 5000, 475, 4750, 100, 10, 3, 0, 1, 0, null, 50, 6],
      ['creator', 100_000, 2200, 22_000, 2100, 21_000, 1100, 30, 5, 1, 1, 1000, 30, 250, 10],
      ['pro', 500_000, 9900, 99_000, 9400, 94_000, null, 160, 10, 1, 1, 3000, 24, 1100, 20],
      [
        'growing_business',
        2_000_000,
        33_000,
        330_000,
        31_400,
        314_000,
        null,
        660,
        15,
        1,
        3,
        20_000,
        18,
        3600,
        30,
      ],
      [
        'scale_2024_08_10',
        11_000_000,
        132_000,
        1_320_000,
        125_400,
        1_254_000,
        null,
        660,
        15,
        3,
        5,
        20_000,
        10,
        13_750,
        30,
      ],
      ['trial', -1, null, null, null, null, null, 660, 15, 3, 25, -1, null, -1, 30],
      ['enterprise', -1, null, null, null, null, null, 660, 15, 3, 25, -1, null, -1, 30],
    ])
  })

  it('keeps PLAN_LIMITS as a view of the catalogue', () => {
    for (const t of TIERS) expect(PLAN_LIMITS[t]).toBe(PLANS[t].limits)
  })

  it('bills a year at ten months (two months free) and has the stated thresholds', () => {
    expect(periodPrice('creator', 'annual_period', 'usd')).toBe(22_000)
    expect(periodPrice('creator', 'monthly_period', 'eur')).toBe(2100)
    expect(periodPrice('free', 'monthly_period', 'usd')).toBeNull()
    expect(PLANS.creator.billingThresholdCents).toEqual({ monthly: 4400, annual: 4200 })
    expect(PLANS.pro.billingThresholdCents).toEqual({ monthly: 19_800, annual: 18_800 })
    expect(PLANS.growing_business.billingThresholdCents).toEqual({ monthly: 66_000, annual: 62_800 })
    expect(PLANS.scale_2024_08_10.billingThresholdCents).toEqual({ monthly: 66_000, annual: 62_800 })
  })
})

describe('plan offers', () => {
  it('lists the pricing page cards in order with the plan ids', () => {
    expect(planOffers('usd').map((o) => [o.id, o.plan_id, o.name])).toEqual([
      ['free', 'free', 'Free'],
      ['starter', 'starter', 'Starter'],
      ['creator', 'creator', 'Creator'],
      ['pro', 'pro', 'Pro'],
      ['scale', 'growing_business', 'Scale'],
      ['business', 'scale_2024_08_10', 'Business'],
      ['enterprise', 'enterprise', 'Enterprise'],
    ])
    expect(OFFERED_TIERS).toHaveLength(7)
  })

  it('prices the yearly plan per month and the first month as a discount', () => {
    const starter = planOffer('starter', 'usd')
    expect(starter.pricing.monthly).toMatchObject({ price: 5, discounted_price: 1, period: 'month' })
    expect(starter.pricing.monthly.discount_message).toBe('80% off your first month')
    expect(starter.pricing.yearly).toMatchObject({
      price: 5,
      discounted_price: 4.17,
      billed_amount_cents: 5000,
    })
    expect(planOffer('creator', 'usd').pricing.monthly.discount_message).toBe('50% off your first month')
    expect(planOffer('pro', 'usd').pricing.yearly.discounted_price).toBe(82.5)
    expect(planOffer('growing_business', 'usd').pricing.yearly.discounted_price).toBe(275)
    expect(planOffer('scale_2024_08_10', 'usd').pricing.yearly.discounted_price).toBe(1100)
    expect(planOffer('creator', 'usd').pricing.yearly.discounted_price).toBe(18.33)
    const eur = planOffer('starter', 'eur')
    expect([eur.currency, eur.pricing.monthly.price, eur.pricing.yearly.billed_amount_cents]).toEqual([
      'eur',
      4.75,
      4750,
    ])
    expect(eur.pricing.yearly.discount_message).toBe('2 months free: 47.50€ billed yearly')
  })

  it('marks creator most popular, enterprise custom, and the usage figures', () => {
    const offers = planOffers('usd')
    expect(offers.filter((o) => o.most_popular).map((o) => o.plan_id)).toEqual(['creator'])
    const enterprise = planOffer('enterprise', 'usd')
    expect([enterprise.enterprise, enterprise.pricing.monthly.price, enterprise.character_limit]).toEqual([
      true,
      null,
      -1,
    ])
    expect(planOffer('creator', 'usd').usage).toEqual({
      monthly_character_limit: 100_000,
      additional_characters_cost: 0.3,
      custom_voices_limit: 30,
    })
    expect(planOffer('free', 'usd').features.instant_voice_cloning).toBe(false)
    expect(planOffer('free', 'usd').pricing.monthly.price).toBe(0)
  })
})
