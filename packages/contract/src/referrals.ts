// Referrals and the affiliate programme: how long a referral lasts, what a paying referred
// sign-up earns, and the payout account's states.

/** A visit with ?from=<code> is a referral for 90 days (7,776,000,000 ms). */
export const REFERRAL_LIFETIME_MS = 7_776_000_000
/** Query parameters that mark a visit as coming from ads or a partner network: no referral then. */
export const REFERRAL_BLOCKING_PARAMS = ['gclid', 'ps_partner_key'] as const
/** The browser keeps the referral cookie this long after a Google Ads visit, then drops it. */
export const REFERRAL_COOKIE_DROP_AFTER_ADS_MS = 2000

/**
 * Our reward rule: when a referred account first pays for a plan (an active paid subscription),
 * the referrer earns 22% of that plan's monthly USD price, once per referred account, into
 * their payout balance. Rewards are found when the referrer's figures are read.
 */
export const REFERRAL_COMMISSION_PERCENT = 22
/** Payouts are made once the balance reaches $50. */
export const PAYOUT_MINIMUM_CENTS = 5000

export const PAYOUT_ACCOUNT_STATES = [
  'not_created',
  'incomplete_setup',
  'tax_forms_needed',
  'payouts_not_enabled',
  'connected',
] as const
export type PayoutAccountState = (typeof PAYOUT_ACCOUNT_STATES)[number]

/** The affiliate application: where the links will be shared and to whom. */
export const AFFILIATE_LIMITS = { websiteMax: 300, audienceMax: 1000, audienceMin: 10 } as const

/** Days of figures the affiliate charts show. */
export const AFFILIATE_CHART_DAYS = 30
