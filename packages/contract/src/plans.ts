// The plan catalogue: every subscription tier with its credits, prices, limits, features and
// products, in one typed place for the server and the web app.
//
// Prices are integer cents. Figures the product states are used as they are; where it says
// nothing, the choice made here is written beside the figure.

/** Tiers in the product's order, lowest first (the order upgrades and downgrades follow). */
export const TIERS = [
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
] as const
export type Tier = (typeof TIERS)[number]

/** The tiers a workspace can buy or move to by itself (the plan cards of the pricing page). */
export const PURCHASABLE_TIERS = [
  'free',
  'starter',
  'creator',
  'pro',
  'growing_business',
  'scale_2024_08_10',
] as const
export type PurchasableTier = (typeof PURCHASABLE_TIERS)[number]

/** The paid tiers a checkout can create. */
export const PAID_PURCHASABLE_TIERS = [
  'starter',
  'creator',
  'pro',
  'growing_business',
  'scale_2024_08_10',
] as const satisfies readonly PurchasableTier[]
export type PaidPurchasableTier = (typeof PAID_PURCHASABLE_TIERS)[number]

export const GRANT_TIERS = ['grant_tier_1', 'grant_tier_2'] as const satisfies readonly Tier[]

/** Subscription status defaults to free. */
export const SUBSCRIPTION_STATUSES = [
  'free',
  'active',
  'trialing',
  'incomplete',
  'past_due',
  'canceled',
  'free_disabled',
] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

export const BILLING_PERIODS = ['monthly_period', 'annual_period'] as const
export type BillingPeriod = (typeof BILLING_PERIODS)[number]

export const CURRENCIES = ['usd', 'eur'] as const
export type Currency = (typeof CURRENCIES)[number]

export type PlanType = 'individual' | 'company' | 'grant'

/** One price in both currencies, in cents; null = custom (sales). */
export interface Money {
  usd: number
  eur: number
}

export interface PlanPrices {
  monthly: Money
  /** Billed once a year: ten months' price (two months free). */
  yearly: Money
  /** The first month of a new monthly subscription; null when there is no first-month offer. */
  firstMonth: Money | null
}

export interface ConversationalLimits {
  /** Minutes per month; -1 = unlimited (custom contract). */
  minutes: number
  concurrency: number
}

export const PLAN_FEATURES = [
  'text_to_speech',
  'speech_to_speech',
  'automatic_dubbing',
  'synthetic_voice_design',
  'instant_voice_cloning',
  'professional_voice_cloning',
  'text_to_sound_effects',
  'speech_to_text',
  'speech_to_text_api',
] as const
export type PlanFeature = (typeof PLAN_FEATURES)[number]

export const PLAN_PRODUCTS = ['audio_native', 'dubbing_studio', 'studio'] as const
export type PlanProduct = (typeof PLAN_PRODUCTS)[number]

export interface PlanLimits {
  /** Credits (characters) per month. -1 = unlimited. */
  characterLimit: number
  voiceLimit: number
  professionalVoiceLimit: number
  /** Concurrent text-to-speech requests. */
  concurrency: number
  maxSeats: number
  /** Included character-limit extension; -1 = unlimited. */
  characterLimitExtension: number
  canUseInstantVoiceCloning: boolean
}

export interface PlanDefinition {
  tier: Tier
  /** The id the pricing page uses (scale for growing_business, business for scale_2024_08_10). */
  id: string
  name: string
  planType: PlanType
  description: string
  limits: PlanLimits
  /** About how many minutes of speech the credits buy; -1 = unlimited. */
  audioLimitMinutes: number
  /** null = free or custom (enterprise). */
  prices: PlanPrices | null
  /** Price of 1,000 characters above the credits, in cents; null = no usage-based billing. */
  extraCharactersPer1000: Money | null
  /** Usage-based billing threshold in cents (monthly, annual); null = none. */
  billingThresholdCents: { monthly: number; annual: number } | null
  conversational: ConversationalLimits
  mostPopular: boolean
  qualityAndFormats: readonly string[]
  features: Readonly<Record<PlanFeature, boolean>>
  products: Readonly<Record<PlanProduct, boolean>>
}

// EUR prices the product leaves unstated (first months, Business, extra characters) follow
// the ratio of its stated EUR prices: 0.95 of the USD figure, rounded to the cent.
const money = (usd: number, eur: number): Money => ({ usd, eur })
const eurOf = (usd: number): number => Math.round(usd * 0.95)
const priced = (monthlyUsd: number, monthlyEur: number, firstMonthUsd: number | null): PlanPrices => ({
  monthly: money(monthlyUsd, monthlyEur),
  yearly: money(monthlyUsd * 10, monthlyEur * 10),
  firstMonth: firstMonthUsd === null ? null : money(firstMonthUsd, eurOf(firstMonthUsd)),
})
const extra = (usdCents: number): Money => money(usdCents, eurOf(usdCents))

const ALL_FEATURES: Record<PlanFeature, boolean> = {
  text_to_speech: true,
  speech_to_speech: true,
  automatic_dubbing: true,
  synthetic_voice_design: true,
  instant_voice_cloning: true,
  professional_voice_cloning: true,
  text_to_sound_effects: true,
  speech_to_text: true,
  speech_to_text_api: true,
}
// Free has no voice cloning; professional cloning starts with Creator (its first clone).
const FREE_FEATURES = { ...ALL_FEATURES, instant_voice_cloning: false, professional_voice_cloning: false }
const STARTER_FEATURES = { ...ALL_FEATURES, professional_voice_cloning: false }
// Studio on every plan; Audio Native from Starter; the dubbing studio from Creator.
const ALL_PRODUCTS: Record<PlanProduct, boolean> = { audio_native: true, dubbing_studio: true, studio: true }
const FREE_PRODUCTS = { audio_native: false, dubbing_studio: false, studio: true }
const STARTER_PRODUCTS = { audio_native: true, dubbing_studio: false, studio: true }

const QUALITY_STANDARD = ['128 kbps MP3'] as const
const QUALITY_HIGH = ['128 kbps MP3', '192 kbps MP3'] as const
const QUALITY_PRO = ['128 kbps MP3', '192 kbps MP3', '44.1 kHz PCM'] as const

/** The highest tiers share these limits (the product gives them for Scale and Business). */
const LARGE = { voiceLimit: 660, concurrency: 15 }

/** Trial and enterprise: no limits the product enforces, priced by agreement. */
const UNLIMITED_COMPANY = {
  limits: {
    characterLimit: -1,
    ...LARGE,
    professionalVoiceLimit: 3,
    maxSeats: 25,
    characterLimitExtension: -1,
    canUseInstantVoiceCloning: true,
  },
  audioLimitMinutes: -1,
  prices: null,
  extraCharactersPer1000: null,
  billingThresholdCents: null,
  conversational: { minutes: -1, concurrency: 30 },
  mostPopular: false,
  qualityAndFormats: QUALITY_PRO,
  features: ALL_FEATURES,
  products: ALL_PRODUCTS,
} as const

export const PLANS: Readonly<Record<Tier, PlanDefinition>> = {
  free: {
    tier: 'free',
    id: 'free',
    name: 'Free',
    planType: 'individual',
    description: 'Try text to speech and the voice library.',
    limits: {
      characterLimit: 10_000,
      voiceLimit: 3,
      professionalVoiceLimit: 0,
      concurrency: 2,
      maxSeats: 1,
      characterLimitExtension: 0,
      canUseInstantVoiceCloning: false,
    },
    audioLimitMinutes: 10,
    prices: null,
    extraCharactersPer1000: null,
    billingThresholdCents: null,
    conversational: { minutes: 15, concurrency: 4 },
    mostPopular: false,
    qualityAndFormats: QUALITY_STANDARD,
    features: FREE_FEATURES,
    products: FREE_PRODUCTS,
  },
  starter: {
    tier: 'starter',
    id: 'starter',
    name: 'Starter',
    planType: 'individual',
    description: 'For hobbyists creating projects with AI audio.',
    limits: {
      characterLimit: 30_000,
      voiceLimit: 10,
      professionalVoiceLimit: 0,
      concurrency: 3,
      maxSeats: 1,
      characterLimitExtension: 0,
      canUseInstantVoiceCloning: true,
    },
    audioLimitMinutes: 30,
    prices: priced(500, 475, 100),
    // Starter has no usage-based billing (its extension is 0).
    extraCharactersPer1000: null,
    billingThresholdCents: null,
    conversational: { minutes: 50, concurrency: 6 },
    mostPopular: false,
    qualityAndFormats: QUALITY_STANDARD,
    features: STARTER_FEATURES,
    products: STARTER_PRODUCTS,
  },
  creator: {
    tier: 'creator',
    id: 'creator',
    name: 'Creator',
    planType: 'individual',
    description: 'For creators making premium content for global audiences.',
    limits: {
      characterLimit: 100_000,
      voiceLimit: 30,
      professionalVoiceLimit: 1,
      concurrency: 5,
      maxSeats: 1,
      characterLimitExtension: 1000,
      canUseInstantVoiceCloning: true,
    },
    audioLimitMinutes: 100,
    prices: priced(2200, 2100, 1100),
    extraCharactersPer1000: extra(30),
    billingThresholdCents: { monthly: 4400, annual: 4200 },
    conversational: { minutes: 250, concurrency: 10 },
    mostPopular: true,
    qualityAndFormats: QUALITY_HIGH,
    features: ALL_FEATURES,
    products: ALL_PRODUCTS,
  },
  pro: {
    tier: 'pro',
    id: 'pro',
    name: 'Pro',
    planType: 'individual',
    description: 'For creators ramping up their content production.',
    limits: {
      characterLimit: 500_000,
      voiceLimit: 160,
      professionalVoiceLimit: 1,
      concurrency: 10,
      maxSeats: 1,
      characterLimitExtension: 3000,
      canUseInstantVoiceCloning: true,
    },
    audioLimitMinutes: 600,
    prices: priced(9900, 9400, null),
    extraCharactersPer1000: extra(24),
    billingThresholdCents: { monthly: 19_800, annual: 18_800 },
    conversational: { minutes: 1100, concurrency: 20 },
    mostPopular: false,
    qualityAndFormats: QUALITY_PRO,
    features: ALL_FEATURES,
    products: ALL_PRODUCTS,
  },
  growing_business: {
    tier: 'growing_business',
    id: 'scale',
    name: 'Scale',
    planType: 'company',
    description: 'For teams scaling their output across the workspace.',
    limits: {
      characterLimit: 2_000_000,
      ...LARGE,
      professionalVoiceLimit: 1,
      maxSeats: 3,
      characterLimitExtension: 20_000,
      canUseInstantVoiceCloning: true,
    },
    audioLimitMinutes: 2400,
    prices: priced(33_000, 31_400, null),
    extraCharactersPer1000: extra(18),
    billingThresholdCents: { monthly: 66_000, annual: 62_800 },
    conversational: { minutes: 3600, concurrency: 30 },
    mostPopular: false,
    qualityAndFormats: QUALITY_PRO,
    features: ALL_FEATURES,
    products: ALL_PRODUCTS,
  },
  scale_2024_08_10: {
    tier: 'scale_2024_08_10',
    id: 'business',
    name: 'Business',
    planType: 'company',
    description: 'For businesses producing audio at high volume.',
    limits: {
      characterLimit: 11_000_000,
      ...LARGE,
      professionalVoiceLimit: 3,
      maxSeats: 5,
      characterLimitExtension: 20_000,
      canUseInstantVoiceCloning: true,
    },
    audioLimitMinutes: 13_200,
    prices: priced(132_000, eurOf(132_000), null),
    extraCharactersPer1000: extra(10),
    billingThresholdCents: { monthly: 66_000, annual: 62_800 },
    conversational: { minutes: 13_750, concurrency: 30 },
    mostPopular: false,
    qualityAndFormats: QUALITY_PRO,
    features: ALL_FEATURES,
    products: ALL_PRODUCTS,
  },
  // Grants carry Scale's limits (the same 2,400 minutes) with their own credits, and no price.
  grant_tier_1: {
    tier: 'grant_tier_1',
    id: 'grant_tier_1',
    name: 'Grant tier 1',
    planType: 'grant',
    description: 'A grant for start-ups and non-profits.',
    limits: {
      characterLimit: 66_000_000,
      ...LARGE,
      professionalVoiceLimit: 1,
      maxSeats: 3,
      characterLimitExtension: 20_000,
      canUseInstantVoiceCloning: true,
    },
    audioLimitMinutes: 2400,
    prices: null,
    extraCharactersPer1000: null,
    billingThresholdCents: null,
    conversational: { minutes: 3600, concurrency: 30 },
    mostPopular: false,
    qualityAndFormats: QUALITY_PRO,
    features: ALL_FEATURES,
    products: ALL_PRODUCTS,
  },
  grant_tier_2: {
    tier: 'grant_tier_2',
    id: 'grant_tier_2',
    name: 'Grant tier 2',
    planType: 'grant',
    description: 'A grant for start-ups and non-profits.',
    limits: {
      characterLimit: 33_000_000,
      ...LARGE,
      professionalVoiceLimit: 1,
      maxSeats: 3,
      characterLimitExtension: 20_000,
      canUseInstantVoiceCloning: true,
    },
    audioLimitMinutes: 2400,
    prices: null,
    extraCharactersPer1000: null,
    billingThresholdCents: null,
    conversational: { minutes: 3600, concurrency: 30 },
    mostPopular: false,
    qualityAndFormats: QUALITY_PRO,
    features: ALL_FEATURES,
    products: ALL_PRODUCTS,
  },
  // A trial is an enterprise evaluation: the same limits as Enterprise.
  trial: {
    tier: 'trial',
    id: 'trial',
    name: 'Trial',
    planType: 'company',
    description: 'An evaluation of the Enterprise plan.',
    ...UNLIMITED_COMPANY,
  },
  enterprise: {
    tier: 'enterprise',
    id: 'enterprise',
    name: 'Enterprise',
    planType: 'company',
    description: 'Custom credits, seats and terms for large organisations.',
    ...UNLIMITED_COMPANY,
  },
}

/** Each tier's limits (a view of the catalogue kept for the callers that need only these). */
export const PLAN_LIMITS: Readonly<Record<Tier, PlanLimits>> = Object.fromEntries(
  TIERS.map((tier) => [tier, PLANS[tier].limits]),
) as Record<Tier, PlanLimits>

/** Maximum voice add/edits per month: round(1.5 x n + 50), n being the voice limit. */
export function maxVoiceAddEdits(voiceLimit: number): number {
  return Math.round(1.5 * voiceLimit + 50)
}

/** Paid = not free or trial. */
export function isPaidTier(tier: Tier): boolean {
  return tier !== 'free' && tier !== 'trial'
}

export function isTier(value: string): value is Tier {
  return (TIERS as readonly string[]).includes(value)
}

export function isPaidPurchasableTier(value: string): value is PaidPurchasableTier {
  return (PAID_PURCHASABLE_TIERS as readonly string[]).includes(value)
}

/** The list price of one billing period in cents; null when the tier has no price. */
export function periodPrice(tier: Tier, period: BillingPeriod, currency: Currency): number | null {
  const prices = PLANS[tier].prices
  if (!prices) return null
  return period === 'annual_period' ? prices.yearly[currency] : prices.monthly[currency]
}
