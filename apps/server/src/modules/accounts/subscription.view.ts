import {
  canExtendCharacterLimit,
  isPaidTier,
  maxVoiceAddEdits,
  PLAN_LIMITS,
  TIERS,
  type Tier,
} from '@timbre/contract'
import type { SubscriptionRow } from '../billing/billing.module.js'

/** What the billing domain adds to the public subscription object. */
export interface SubscriptionBillingFields {
  pending_change:
    | { kind: 'cancellation'; timestamp_seconds: number }
    | { kind: 'change'; next_tier: string; next_billing_period: string; timestamp_seconds: number }
    | null
  next_invoice: {
    amount_due_cents: number
    discount_percent_off: number | null
    discount_amount_off: number | null
    next_payment_attempt_unix: number
    discounts: unknown[]
    payment_intent_statusses: string[]
  } | null
  has_open_invoices: boolean
  open_invoices: unknown[]
  current_overage: { amount: string; currency: 'usd' | 'eur' }
  character_refresh_period: string
}

/** The public API's subscription object (GET /v1/user/subscription, and `subscription` of GET /v1/user). */
export function subscriptionView(
  row: SubscriptionRow,
  usage: { voiceSlotsUsed: number; professionalVoiceSlotsUsed: number; voiceAddEdits?: number },
  billing: SubscriptionBillingFields | null = null,
) {
  const tier: Tier = (TIERS as readonly string[]).includes(row.tier) ? (row.tier as Tier) : 'free'
  const limits = PLAN_LIMITS[tier]
  const extension = limits.characterLimitExtension
  // Extending needs the ability (a non-zero extension with an active status or an
  // enterprise-class tier) and the permission (the workspace turned usage-based billing on);
  // can_extend_character_limit answers whether this workspace may go over its credits now.
  const canExtend = canExtendCharacterLimit({
    tier,
    status: row.status,
    extension,
    allowedToExtend: row.usage_based_billing,
  })
  const cap = row.max_character_limit_extension
  // The plan's included extension, unless the workspace's admin set another maximum.
  const maxExtension = !canExtend ? 0 : (cap ?? (extension === -1 ? null : extension))
  return {
    tier,
    character_count: row.character_count,
    character_limit: row.character_limit,
    max_character_limit_extension: maxExtension,
    max_credit_limit_extension: maxExtension === null ? ('unlimited' as const) : maxExtension,
    can_extend_character_limit: canExtend,
    allowed_to_extend_character_limit: row.usage_based_billing,
    next_character_count_reset_unix: Math.floor(row.next_reset_at.getTime() / 1000),
    voice_slots_used: usage.voiceSlotsUsed,
    professional_voice_slots_used: usage.professionalVoiceSlotsUsed,
    professional_voice_slots_used_in_workspace: usage.professionalVoiceSlotsUsed,
    voice_limit: limits.voiceLimit,
    max_voice_add_edits: maxVoiceAddEdits(limits.voiceLimit),
    voice_add_edit_counter: usage.voiceAddEdits ?? 0,
    professional_voice_limit: limits.professionalVoiceLimit,
    can_extend_voice_limit: false,
    can_use_instant_voice_cloning: limits.canUseInstantVoiceCloning,
    can_use_professional_voice_cloning: limits.professionalVoiceLimit > 0,
    currency: currency(row.currency),
    current_overage: billing?.current_overage ?? { amount: '0.00', currency: currency(row.currency) },
    status: row.status,
    billing_period: row.billing_period,
    character_refresh_period: billing?.character_refresh_period ?? 'monthly_period',
    has_open_invoices: billing?.has_open_invoices ?? false,
    open_invoices: billing?.open_invoices ?? ([] as unknown[]),
    next_invoice: billing?.next_invoice ?? null,
    pending_change: billing?.pending_change ?? null,
    is_paid: isPaidTier(tier),
  }
}

export type SubscriptionView = ReturnType<typeof subscriptionView>

/** A workspace with null or usd currency gets usd, otherwise eur. */
function currency(value: string | null): 'usd' | 'eur' {
  return value === null || value === 'usd' ? 'usd' : 'eur'
}
