import { isTier, PLANS, type Tier } from '@timbre/contract'

/** A plan's name (plan names are product names and stay untranslated). */
export function planName(tier: string): string {
  return isTier(tier) ? PLANS[tier as Tier].name : tier
}

/** A unix time (seconds) as a date in the reader's language. */
export function formatDate(unixSeconds: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(unixSeconds * 1000))
}
