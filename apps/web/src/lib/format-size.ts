// File sizes use base 1000 (kB, MB, GB), as storage makers and the product do, not 1024.
const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const
const BASE = 1000

/** 999 -> "999 B", 1_500 -> "1.5 kB", 2_000_000 -> "2 MB" (decimal separator follows the locale). */
export function formatSize(bytes: number, locale = 'en-US'): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B'
  let value = bytes
  let unit = 0
  while (unit < UNITS.length - 1 && Math.round(value * 10) / 10 >= BASE) {
    value /= BASE
    unit += 1
  }
  const digits = unit === 0 ? 0 : 1
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`
}
