// Subscription tiers and statuses, and each plan's limits and prices.

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

export const PLAN_LIMITS: Record<Tier, PlanLimits> = {
  free: {
    characterLimit: 10_000,
    voiceLimit: 3,
    professionalVoiceLimit: 0,
    concurrency: 2,
    maxSeats: 1,
    characterLimitExtension: 0,
    canUseInstantVoiceCloning: false,
  },
  starter: {
    characterLimit: 30_000,
    voiceLimit: 10,
    professionalVoiceLimit: 0,
    concurrency: 3,
    maxSeats: 1,
    characterLimitExtension: 0,
    canUseInstantVoiceCloning: true,
  },
  creator: {
    characterLimit: 100_000,
    voiceLimit: 30,
    professionalVoiceLimit: 1,
    concurrency: 5,
    maxSeats: 1,
    characterLimitExtension: 1000,
    canUseInstantVoiceCloning: true,
  },
  pro: {
    characterLimit: 500_000,
    voiceLimit: 160,
    professionalVoiceLimit: 1,
    concurrency: 10,
    maxSeats: 1,
    characterLimitExtension: 3000,
    canUseInstantVoiceCloning: true,
  },
  growing_business: {
    characterLimit: 2_000_000,
    voiceLimit: 660,
    professionalVoiceLimit: 1,
    concurrency: 15,
    maxSeats: 3,
    characterLimitExtension: 20_000,
    canUseInstantVoiceCloning: true,
  },
  scale_2024_08_10: {
    characterLimit: 11_000_000,
    voiceLimit: 660,
    professionalVoiceLimit: 3,
    concurrency: 15,
    maxSeats: 5,
    characterLimitExtension: 20_000,
    canUseInstantVoiceCloning: true,
  },
  grant_tier_1: {
    characterLimit: 66_000_000,
    voiceLimit: 660,
    professionalVoiceLimit: 1,
    concurrency: 15,
    maxSeats: 3,
    characterLimitExtension: 20_000,
    canUseInstantVoiceCloning: true,
  },
  grant_tier_2: {
    characterLimit: 33_000_000,
    voiceLimit: 660,
    professionalVoiceLimit: 1,
    concurrency: 15,
    maxSeats: 3,
    characterLimitExtension: 20_000,
    canUseInstantVoiceCloning: true,
  },
  trial: {
    characterLimit: -1,
    voiceLimit: 660,
    professionalVoiceLimit: 3,
    concurrency: 15,
    maxSeats: 25,
    characterLimitExtension: -1,
    canUseInstantVoiceCloning: true,
  },
  enterprise: {
    characterLimit: -1,
    voiceLimit: 660,
    professionalVoiceLimit: 3,
    concurrency: 15,
    maxSeats: 25,
    characterLimitExtension: -1,
    canUseInstantVoiceCloning: true,
  },
}

/** Extra price and max voice add/edits = round(1.5 x n + 50), n being the voice limit. */
export function maxVoiceAddEdits(voiceLimit: number): number {
  return Math.round(1.5 * voiceLimit + 50)
}

/** Paid = not free or trial. */
export function isPaidTier(tier: Tier): boolean {
  return tier !== 'free' && tier !== 'trial'
}
