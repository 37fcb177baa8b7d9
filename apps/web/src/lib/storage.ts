// Local storage keys. Keys prefixed `xi:` are wiped on sign-out.
// The locale is the one exception: it is a choice about this browser, not about the
// account, and the sign-in page shown after sign-out should stay in the reader's language.
export const storageKeys = {
  locale: 'xi:locale',
  /** A redirect target kept across sign-up and the verification email. */
  redirectTarget: 'xi:redirect_target',
  /** The product the user prefers to land in; 'convai' picks the agents dashboard. */
  productPreference: 'xi:product_preference',
  /** The colour theme: system, light or dark. */
  theme: 'xi:theme',
  /** The text-to-speech dialogue rows ({voice_id, text}, at most 50). */
  dialogue: 'xi:tts_dialogue',
} as const

const PREFIX = 'xi:'
// The theme, like the locale, is a choice about this browser and outlives the session.
const KEPT_ON_SIGN_OUT: readonly string[] = [storageKeys.locale, storageKeys.theme]

type KeyStore = Pick<Storage, 'length' | 'key' | 'getItem' | 'setItem' | 'removeItem'>

function browserStorage(): KeyStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // Storage can throw when the browser blocks it (private modes, sandboxed frames).
    return null
  }
}

export function readKey(key: string, store: KeyStore | null = browserStorage()): string | null {
  try {
    return store?.getItem(key) ?? null
  } catch {
    return null
  }
}

export function writeKey(key: string, value: string | null, store: KeyStore | null = browserStorage()): void {
  try {
    if (value === null) store?.removeItem(key)
    else store?.setItem(key, value)
  } catch {
    // A full or blocked storage only loses a preference.
  }
}

/** Removes every `xi:` key except the ones kept on purpose; returns the removed keys. */
export function wipeOnSignOut(store: KeyStore | null = browserStorage()): string[] {
  if (!store) return []
  const doomed: string[] = []
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i)
    if (key?.startsWith(PREFIX) && !KEPT_ON_SIGN_OUT.includes(key)) doomed.push(key)
  }
  for (const key of doomed) store.removeItem(key)
  return doomed
}
