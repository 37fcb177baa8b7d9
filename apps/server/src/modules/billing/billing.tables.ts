import type { ColumnType, Generated, Selectable } from 'kysely'
import type { BigIntColumn, NullableTimestamp, Timestamp } from '../../db/schema.js'

export interface SubscriptionsTable {
  workspace_id: string
  tier: Generated<string>
  status: Generated<string>
  currency: Generated<string>
  billing_period: Generated<string>
  character_count: BigIntColumn
  character_limit: BigIntColumn
  period_started_at: Timestamp
  next_reset_at: Timestamp
  updated_at: Timestamp
  /** The paid period (a month or a year); null on free, trial and grants. */
  current_period_start: NullableTimestamp
  current_period_end: NullableTimestamp
  /** When the paid plan began: monthly boundaries fall on its day of the month (or a short month's last). */
  billing_anchor_at: NullableTimestamp
  /** A change scheduled for the end of the period: 'change' (a downgrade) or 'cancellation'. */
  pending_change_kind: 'change' | 'cancellation' | null
  pending_next_tier: string | null
  pending_billing_period: string | null
  discount_coupon_id: string | null
  discount_percent_off: number | null
  discount_amount_off: number | null
  discount_months_left: number | null
  previously_subscribed_tiers: ColumnType<string[], string[] | undefined, string[]>
  payment_provider: string | null
  provider_customer_id: string | null
  provider_subscription_id: string | null
  provider_schedule_id: string | null
  /** Unused credits carried from the last period (usable this period and the next). */
  rollover_newer: ColumnType<number, number | undefined, number>
  /** Unused credits carried from two periods ago (usable this period only). */
  rollover_older: ColumnType<number, number | undefined, number>
  usage_based_billing: Generated<boolean>
  /** The workspace's own cap on usage-based characters; null = the plan's included extension. */
  max_character_limit_extension: number | null
  grant_ends_at: NullableTimestamp
  post_grant_tier: string | null
  post_grant_billing_period: string | null
  /** Characters above the credits already invoiced this credit period (by a billing threshold). */
  overage_billed_characters: ColumnType<number, number | undefined, number>
  /** A plan change in progress at the provider holds this lease; others wait until it ends. */
  change_lease_token: string | null
  change_lease_until: NullableTimestamp
}

export interface CheckoutSessionsTable {
  id: string
  workspace_id: string
  user_id: string
  idempotency_key: string | null
  provider: string
  tier: string
  billing_period: string
  currency: string
  promocode: string | null
  list_price_cents: number
  amount_due_cents: number
  status: Generated<'open' | 'complete' | 'expired'>
  created_at: Timestamp
  expires_at: Timestamp
  completed_at: NullableTimestamp
  kind: Generated<'subscription' | 'grant'>
  grant_code: string | null
  provider_session_id: string | null
}

/** Money moved: one row per (workspace, idempotency key). */
export interface PaymentsTable {
  id: string
  workspace_id: string
  idempotency_key: string
  /** checkout | upgrade */
  kind: string
  provider: string
  amount_cents: number
  currency: string
  tier: string
  billing_period: string
  provider_reference: string | null
  created_at: Timestamp
  /**
   * paid; open (a charge that failed and is still owed); pending (confirmed by the provider
   * later); void; processing (asked of the provider, its answer not yet applied).
   */
  status: Generated<'paid' | 'open' | 'pending' | 'void' | 'processing'>
  period_start: NullableTimestamp
  period_end: NullableTimestamp
  /** Usage-based invoices: the characters above the credits. */
  characters: number | null
  paid_at: NullableTimestamp
}

/** The card a workspace pays with (no card numbers: brand and last four digits). */
export interface PaymentMethodsTable {
  workspace_id: string
  provider: string
  brand: string
  last4: string
  declines: Generated<boolean>
  provider_reference: string | null
  verified_at: NullableTimestamp
  created_at: Timestamp
  updated_at: Timestamp
}

/** A grant an operator offers; redeemed once. */
export interface GrantOffersTable {
  code: string
  tier: string
  duration_months: Generated<number>
  expires_at: NullableTimestamp
  redeemed_workspace_id: string | null
  redeemed_at: NullableTimestamp
  created_at: Timestamp
}

/** Provider events already applied: each event is applied once. */
export interface BillingEventsTable {
  provider: string
  event_id: string
  type: string
  processed_at: Timestamp
}

/** Usage above the credits, reported once to a hosted provider that invoices it. */
export interface UsageReportsTable {
  id: string
  workspace_id: string
  /** One report per (workspace, key): the usage period, or the threshold crossing. */
  usage_key: string
  provider: string
  provider_customer_id: string | null
  provider_subscription_id: string | null
  billing_period: string
  currency: string
  amount_cents: number
  characters: BigIntColumn
  period_start: Timestamp
  period_end: Timestamp
  /** pending (not yet confirmed by the provider); reported; needs_review (see the renewals job). */
  status: Generated<'pending' | 'reported' | 'needs_review'>
  attempts: Generated<number>
  first_attempt_at: NullableTimestamp
  claimed_until: NullableTimestamp
  last_error: string | null
  provider_reference: string | null
  reported_at: NullableTimestamp
  created_at: Generated<Date>
}

export interface PromoCodesTable {
  code: string
  amount_off: number | null
  percent_off: number | null
  duration_in_months: Generated<number>
  expires_at: NullableTimestamp
  created_at: Timestamp
  /** How many times the code may be redeemed in all; null: no cap. */
  max_redemptions: Generated<number | null>
  redemptions: Generated<number>
}

/** One redemption of a promo code: once per workspace and once per person. */
export interface PromoCodeRedemptionsTable {
  code: string
  workspace_id: string
  user_id: string
  redeemed_at: Timestamp
}

/** A promo code check, counted per account and per client address to slow guessing. */
export interface PromoAttemptsTable {
  id: Generated<string>
  user_id: string
  client_address: string
  at: Timestamp
}

export type SubscriptionRow = Selectable<SubscriptionsTable>
export type CheckoutSessionRow = Selectable<CheckoutSessionsTable>
export type PaymentRow = Selectable<PaymentsTable>
export type PaymentMethodRow = Selectable<PaymentMethodsTable>
export type GrantOfferRow = Selectable<GrantOffersTable>
export type UsageReportRow = Selectable<UsageReportsTable>
export type PromoCodeRow = Selectable<PromoCodesTable>

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    subscriptions: SubscriptionsTable
    checkout_sessions: CheckoutSessionsTable
    payments: PaymentsTable
    promo_codes: PromoCodesTable
    promo_code_redemptions: PromoCodeRedemptionsTable
    promo_attempts: PromoAttemptsTable
    payment_methods: PaymentMethodsTable
    grant_offers: GrantOffersTable
    billing_events: BillingEventsTable
    usage_reports: UsageReportsTable
  }
}
