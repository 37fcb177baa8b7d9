// File sizes use base 1000 (kB, MB, GB), as storage makers and the product count them.
const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const

/** 950 -> "950 B", 1_234_567 -> "1.2 MB" (decimal separator follows the locale). */
export function formatSize(bytes: number, locale = 'en-US'): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B'
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000
    unit += 1
  }
  const digits = unit === 0 ? 0 : 1
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`
}
