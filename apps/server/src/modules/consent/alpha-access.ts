import type { Principal } from '../../plugins/auth.js'
import type { ConsentDeps } from './consent-deps.js'

/** Alpha features are open to the addresses on the operator's list. */
export async function hasAlphaAccess(deps: ConsentDeps, principal: Principal) {
  return {
    has_alpha_access: await deps.repository.alphaListed(principal.email),
    requested: await deps.repository.alphaRequested(principal.userId),
  }
}

/** Asking puts the user on the operator's queue; the operator adds the address to the list. */
export async function requestAlphaAccess(deps: ConsentDeps, principal: Principal) {
  await deps.repository.requestAlpha(principal.userId, deps.now())
  return hasAlphaAccess(deps, principal)
}

export async function listAlphaAccess(deps: ConsentDeps) {
  const [granted, requests] = await Promise.all([
    deps.repository.listAlpha(),
    deps.repository.pendingAlphaRequests(),
  ])
  return {
    emails: granted.map((r) => ({ email: r.email_lower, granted_at_unix: unix(r.granted_at) })),
    pending_requests: requests.map((r) => ({
      user_id: r.user_id,
      email: r.email,
      requested_at_unix: unix(r.requested_at),
    })),
  }
}

export async function grantAlphaAccess(deps: ConsentDeps, email: string) {
  await deps.repository.grantAlpha(email.trim(), deps.now())
  return { email: email.trim().toLowerCase(), has_alpha_access: true }
}

export async function revokeAlphaAccess(deps: ConsentDeps, email: string) {
  const removed = await deps.repository.revokeAlpha(email.trim())
  return { email: email.trim().toLowerCase(), has_alpha_access: false, removed }
}

const unix = (at: Date) => Math.floor(at.getTime() / 1000)
