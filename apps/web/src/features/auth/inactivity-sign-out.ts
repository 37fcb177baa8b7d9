// A session the workspace ended for inactivity is only seen as a 401 on the next call; the
// sign-in page that follows says why, once, for this browser tab.

const KEY = 'timbre.signedOutForInactivity'

export function rememberInactivitySignOut(): void {
  try {
    sessionStorage.setItem(KEY, '1')
  } catch {
    // Storage can be unavailable (private modes): the page then simply does not say why.
  }
}

export function wasSignedOutForInactivity(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1'
  } catch {
    return false
  }
}

export function forgetInactivitySignOut(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // Nothing to forget.
  }
}
