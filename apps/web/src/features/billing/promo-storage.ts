import { readKey, writeKey } from '../../lib/storage'

// The promo code a visitor arrived with (the `coupon` query parameter): kept in the browser
// until checkout uses it, it expires, or the user removes it. An `xi:` key, so sign-out wipes it.
const PROMOCODE_KEY = 'xi:promocode'
const RUN_ONCE_PREFIX = 'xi:run_once:promo_failure:'

export function storedPromocode(): string | null {
  return readKey(PROMOCODE_KEY)
}

export function rememberPromocode(code: string): void {
  writeKey(PROMOCODE_KEY, code)
}

export function forgetPromocode(): void {
  writeKey(PROMOCODE_KEY, null)
}

/** The failure dialog shows once per page and code; true the first time only. */
export function firstPromoFailure(page: string, code: string, store?: Storage | null): boolean {
  const key = `${RUN_ONCE_PREFIX}${page}:${code}`
  if (readKey(key, store) !== null) return false
  writeKey(key, '1', store)
  return true
}
