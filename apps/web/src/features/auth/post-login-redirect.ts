// After sign-in the target is onboarding, onboarding with a finalRedirect to the assistant
// page, a stored redirect target, the conversational AI dashboard (stored preference convai)
// or home.
import { routes, withQuery } from '../../routes'
import { allowedRedirectPath } from './redirect-allow-list'

export type PostLoginInput = {
  origin: string
  /** The `redirect` query parameter of the sign-in page, untrusted. */
  redirectParam: string | null
  /** A redirect target kept in local storage across the verification email, untrusted. */
  storedRedirect: string | null
  /** The stored product preference: 'convai' or 'assistant' change the target. */
  productPreference: string | null
  user: { is_onboarding_completed: boolean }
}

export type PostLoginTarget = {
  kind: 'onboarding' | 'redirect' | 'stored' | 'convai' | 'home'
  path: string
}

export function postLoginTarget(input: PostLoginInput): PostLoginTarget {
  const fromParam = allowedRedirectPath(input.redirectParam, input.origin)
  const fromStore = allowedRedirectPath(input.storedRedirect, input.origin)

  // Onboarding comes first; where the user wanted to go rides along as its finalRedirect.
  if (!input.user.is_onboarding_completed) {
    const finalRedirect =
      input.productPreference === 'assistant' ? routes.assistant : (fromParam ?? fromStore)
    return { kind: 'onboarding', path: withQuery(routes.onboarding, { finalRedirect }) }
  }
  if (fromParam) return { kind: 'redirect', path: fromParam }
  if (fromStore) return { kind: 'stored', path: fromStore }
  if (input.productPreference === 'convai') return { kind: 'convai', path: routes.convaiDashboard }
  return { kind: 'home', path: routes.home }
}

/**
 * The sign-in link offered after an email link (verifyEmail). `continueUrl` is usually the
 * sign-in route itself (the continue target of verification emails), possibly with its
 * own redirect; either way only an allow-listed target survives as `redirect`.
 */
export function signInPathAfterEmailLink(continueUrl: string | null, origin: string): string {
  if (!continueUrl) return routes.signIn
  let target: string | null = null
  try {
    const url = new URL(continueUrl, origin)
    if (url.origin === new URL(origin).origin && url.pathname === routes.signIn) {
      target = allowedRedirectPath(url.searchParams.get('redirect'), origin)
    } else {
      target = allowedRedirectPath(continueUrl, origin)
    }
  } catch {
    target = null
  }
  return withQuery(routes.signIn, { redirect: target })
}
