// The plan offers of the pricing page, built from the catalogue in one currency.

import { formatPrice } from './billing-rules.js'
import {
  type Currency,
  PLANS,
  type PlanFeature,
  type PlanProduct,
  type PlanType,
  type Tier,
} from './plans.js'

/** The plan cards of the pricing page, in order. */
export const OFFERED_TIERS = [
  'free',
  'starter',
  'creator',
  'pro',
  'growing_business',
  'scale_2024_08_10',
  'enterprise',
] as const satisfies readonly Tier[]

export interface OfferPrice {
  /** Per month, in major units; null = custom. */
  price: number | null
  /** The discounted per-month price (first month, or the yearly plan's month); null = none. */
  discounted_price: number | null
  period: 'month' | 'year'
  discount_message: string | null
  /** What one billing period charges, in cents (an addition: the exact amount to pay). */
  billed_amount_cents: number | null
}

export const OFFER_SECTIONS = [
  'speech',
  'dubbing',
  'sound_effects',
  'studio',
  'conversational_ai',
  'audio_native',
  'voice_isolator',
  'speech_to_text',
  'music',
] as const
export type OfferSection = (typeof OFFER_SECTIONS)[number]

export interface PlanOffer {
  name: string
  id: string
  plan_id: Tier
  plan_type: PlanType
  currency: Currency
  /** -1 = unlimited. */
  character_limit: number
  audio_limit_minutes: number
  description: string
  benefits: string[]
  most_popular: boolean
  enterprise: boolean
  usage: {
    monthly_character_limit: number
    /** Price of 1,000 extra characters in major units; null = none. */
    additional_characters_cost: number | null
    custom_voices_limit: number
  }
  quality_and_formats: string[]
  features: Record<PlanFeature, boolean>
  products: Record<PlanProduct, boolean>
  pricing: { monthly: OfferPrice; yearly: OfferPrice }
  speech: string[]
  dubbing: string[]
  sound_effects: string[]
  studio: string[]
  conversational_ai: string[]
  audio_native: string[]
  voice_isolator: string[]
  speech_to_text: string[]
  music: string[]
}

const major = (cents: number): number => Math.round(cents) / 100
const count = (n: number): string => (n < 0 ? 'Unlimited' : n.toLocaleString('en-US'))

function pricing(tier: Tier, currency: Currency): PlanOffer['pricing'] {
  const prices = PLANS[tier].prices
  if (!prices) {
    // Free costs nothing; enterprise and the others are priced by contract (null).
    const zero = tier === 'free' ? 0 : null
    const none = { discounted_price: null, discount_message: null }
    return {
      monthly: { price: zero, period: 'month', billed_amount_cents: zero, ...none },
      yearly: { price: zero, period: 'year', billed_amount_cents: zero, ...none },
    }
  }
  const monthly = prices.monthly[currency]
  const yearly = prices.yearly[currency]
  const first = prices.firstMonth?.[currency] ?? null
  const percentOff = first === null ? 0 : Math.round((1 - first / monthly) * 100)
  return {
    monthly: {
      price: major(monthly),
      discounted_price: first === null ? null : major(first),
      period: 'month',
      discount_message: first === null ? null : `${percentOff}% off your first month`,
      billed_amount_cents: monthly,
    },
    yearly: {
      price: major(monthly),
      discounted_price: Math.round(yearly / 12) / 100,
      period: 'year',
      discount_message: `2 months free: ${formatPrice(yearly, currency)} billed yearly`,
      billed_amount_cents: yearly,
    },
  }
}

function sections(tier: Tier): Record<OfferSection, string[]> {
  const plan = PLANS[tier]
  const { limits, conversational } = plan
  const minutes = conversational.minutes < 0 ? 'Custom' : `${count(conversational.minutes)} minutes`
  return {
    speech: [
      `${count(limits.characterLimit)} credits per month`,
      `${limits.concurrency} concurrent requests`,
    ],
    dubbing: plan.products.dubbing_studio ? ['Automatic dubbing', 'Dubbing studio'] : ['Automatic dubbing'],
    sound_effects: ['Text to sound effects'],
    studio: plan.products.studio ? ['Long-form projects in Studio'] : [],
    conversational_ai: [minutes, `${conversational.concurrency} concurrent conversations`],
    audio_native: plan.products.audio_native ? ['Audio Native player for your site'] : [],
    voice_isolator: ['Voice isolation'],
    speech_to_text: plan.features.speech_to_text_api
      ? ['Speech to text', 'Speech to text API']
      : ['Speech to text'],
    music: [],
  }
}

function benefits(tier: Tier): string[] {
  const { limits } = PLANS[tier]
  const list = [
    `${count(limits.characterLimit)} credits per month`,
    `${count(limits.voiceLimit)} custom voices`,
  ]
  if (limits.canUseInstantVoiceCloning) list.push('Instant voice cloning')
  if (limits.professionalVoiceLimit > 0)
    list.push(
      `${limits.professionalVoiceLimit} professional voice clone${limits.professionalVoiceLimit > 1 ? 's' : ''}`,
    )
  if (limits.maxSeats > 1) list.push(`${limits.maxSeats} workspace seats`)
  return list
}

/** One plan card in one currency. */
export function planOffer(tier: Tier, currency: Currency): PlanOffer {
  const plan = PLANS[tier]
  const extra = plan.extraCharactersPer1000
  return {
    name: plan.name,
    id: plan.id,
    plan_id: tier,
    plan_type: plan.planType,
    currency,
    character_limit: plan.limits.characterLimit,
    audio_limit_minutes: plan.audioLimitMinutes,
    description: plan.description,
    benefits: benefits(tier),
    most_popular: plan.mostPopular,
    enterprise: tier === 'enterprise' || tier === 'trial',
    usage: {
      monthly_character_limit: plan.limits.characterLimit,
      additional_characters_cost: extra ? major(extra[currency]) : null,
      custom_voices_limit: plan.limits.voiceLimit,
    },
    quality_and_formats: [...plan.qualityAndFormats],
    features: { ...plan.features },
    products: { ...plan.products },
    pricing: pricing(tier, currency),
    ...sections(tier),
  }
}

/** The pricing page's cards, in order. */
export function planOffers(currency: Currency): PlanOffer[] {
  return OFFERED_TIERS.map((tier) => planOffer(tier, currency))
}
