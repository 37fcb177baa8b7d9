import {
  canExtendCharacterLimit,
  isPaidTier,
  PLAN_LIMITS,
  type PlanLimits,
  TIERS,
  type Tier,
  TTS_MAX_CHARACTERS_FREE,
  TTS_MAX_CHARACTERS_SUBSCRIBED,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { SubscriptionRow } from './billing.tables.js'

/** What a workspace's plan allows a generation. */
export interface WorkspacePlan {
  tier: Tier
  status: string
  limits: PlanLimits
  /** Concurrent generations. */
  concurrency: number
  /** Characters allowed above the limit; -1 = unlimited. */
  allowance: number
  maxCharactersPerRequest: number
}

/** An unknown tier in the database is treated as the free plan. */
export function tierOf(value: string): Tier {
  return (TIERS as readonly string[]).includes(value) ? (value as Tier) : 'free'
}

export function planOf(
  row: Pick<
    SubscriptionRow,
    'tier' | 'status' | 'character_limit' | 'usage_based_billing' | 'max_character_limit_extension'
  >,
): WorkspacePlan {
  const tier = tierOf(row.tier)
  const limits = PLAN_LIMITS[tier]
  const unlimited = limits.characterLimit < 0 || row.character_limit < 0
  // A count plus the requested characters may pass the limit only on a plan that can extend
  // it, when the workspace turned usage-based billing on, and with an active subscription (or
  // an enterprise-class tier). The plan's included extension applies unless the workspace's
  // admin set another maximum.
  const canExtend = canExtendCharacterLimit({
    tier,
    status: row.status,
    extension: limits.characterLimitExtension,
    allowedToExtend: row.usage_based_billing,
  })
  const extension = row.max_character_limit_extension ?? limits.characterLimitExtension
  const allowance = unlimited ? -1 : canExtend ? extension : 0
  return {
    tier,
    status: row.status,
    limits,
    concurrency: limits.concurrency,
    allowance,
    maxCharactersPerRequest: isPaidTier(tier) ? TTS_MAX_CHARACTERS_SUBSCRIBED : TTS_MAX_CHARACTERS_FREE,
  }
}

/** Refuses a text over the plan's per-request maximum before anything runs. */
export function checkRequestSize(plan: WorkspacePlan, characters: number): void {
  if (characters > plan.maxCharactersPerRequest) {
    throw new AppError('max_character_limit_exceeded', {
      message: `The text has ${characters} characters; your plan allows at most ${plan.maxCharactersPerRequest} per request.`,
      param: 'text',
    })
  }
}
