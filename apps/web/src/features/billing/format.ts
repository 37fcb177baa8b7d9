import { billingDisplayTier, isTier } from '@timbre/contract'
import type { TFunction } from 'i18next'

/**
 * A plan's name as the reader sees it, from the locale files: the paid plans keep their product
 * names in every language, while Free, the grants and the trial are translated. A trial shows as
 * the plan it tries.
 */
export function planName(t: TFunction, tier: string): string {
  if (!isTier(tier)) return tier
  return t(`billing.planNames.${billingDisplayTier(tier)}`)
}

/** A unix time (seconds) as a date in the reader's language. */
export function formatDate(unixSeconds: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(unixSeconds * 1000))
}
