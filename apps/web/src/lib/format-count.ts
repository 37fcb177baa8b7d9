// Counts show K above 1e3 and M above 1e6.
const THOUSAND = 1e3
const MILLION = 1e6

function scaled(value: number, locale: string, suffix: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)}${suffix}`
}

/** 950 -> "950", 12_345 -> "12.3K", 2_000_000 -> "2M" (decimal separator follows the locale). */
export function formatCount(count: number, locale = 'en-US'): string {
  if (!Number.isFinite(count)) return '0'
  const sign = count < 0 ? '-' : ''
  const n = Math.abs(count)
  // Rounding to one decimal can carry 999,960 up to "1000K": show that as "1M" instead.
  if (n > MILLION || Math.round((n / THOUSAND) * 10) / 10 >= THOUSAND) {
    return sign + scaled(n / MILLION, locale, 'M')
  }
  if (n > THOUSAND) return sign + scaled(n / THOUSAND, locale, 'K')
  return sign + new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n)
}

/** Credits left on the subscription, never below zero. */
export function creditsLeft(subscription: { character_limit: number; character_count: number }): number {
  return Math.max(0, subscription.character_limit - subscription.character_count)
}
