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

export { formatDate } from '../../lib/format-date'
