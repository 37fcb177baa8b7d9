import {
  canExtendCharacterLimit,
  isPaidTier,
  maxVoiceAddEdits,
  PLAN_LIMITS,
  TIERS,
  type Tier,
} from '@timbre/contract'
import type { SubscriptionRow } from '../../db/schema.js'

/** The public API's subscription object (GET /v1/user/subscription, and `subscription` of GET /v1/user). */
export function subscriptionView(
  row: SubscriptionRow,
  usage: { voiceSlotsUsed: number; professionalVoiceSlotsUsed: number },
) {
  const tier: Tier = (TIERS as readonly string[]).includes(row.tier) ? (row.tier as Tier) : 'free'
  const limits = PLAN_LIMITS[tier]
  const extension = limits.characterLimitExtension
  // The same rule the credit checks use, so the API never offers an extension they refuse.
  const canExtend = canExtendCharacterLimit({ tier, status: row.status, extension, allowedToExtend: true })
  return {
    tier,
    character_count: row.character_count,
    character_limit: row.character_limit,
    max_character_limit_extension: extension === -1 ? null : extension,
    max_credit_limit_extension: extension === -1 ? ('unlimited' as const) : extension,
    can_extend_character_limit: canExtend,
    allowed_to_extend_character_limit: canExtend,
    next_character_count_reset_unix: Math.floor(row.next_reset_at.getTime() / 1000),
    voice_slots_used: usage.voiceSlotsUsed,
    professional_voice_slots_used: usage.professionalVoiceSlotsUsed,
    professional_voice_slots_used_in_workspace: usage.professionalVoiceSlotsUsed,
    voice_limit: limits.voiceLimit,
    max_voice_add_edits: maxVoiceAddEdits(limits.voiceLimit),
    voice_add_edit_counter: 0,
    professional_voice_limit: limits.professionalVoiceLimit,
    can_extend_voice_limit: false,
    can_use_instant_voice_cloning: limits.canUseInstantVoiceCloning,
    can_use_professional_voice_cloning: limits.professionalVoiceLimit > 0,
    currency: currency(row.currency),
    current_overage: { amount: '0', currency: currency(row.currency) },
    status: row.status,
    billing_period: row.billing_period,
    character_refresh_period: row.billing_period,
    // Payments are not built yet; until then nothing is ever invoiced.
    has_open_invoices: false,
    open_invoices: [] as unknown[],
    is_paid: isPaidTier(tier),
  }
}

export type SubscriptionView = ReturnType<typeof subscriptionView>

/** A workspace with null or usd currency gets usd, otherwise eur. */
function currency(value: string | null): 'usd' | 'eur' {
  return value === null || value === 'usd' ? 'usd' : 'eur'
}
