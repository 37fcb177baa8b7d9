import { REFERRAL_BLOCKING_PARAMS, REFERRAL_LIFETIME_MS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { ReferralsDeps } from './referrals-deps.js'

/** The user's referral link: the sign-up page with ?from=<their code>. */
export async function referralLink(deps: ReferralsDeps, principal: Principal, origin: string) {
  const code = await deps.referrals.ensureCode(principal.userId, newId(10).toLowerCase())
  const link = new URL('/sign-up', origin)
  link.searchParams.set('from', code)
  return { referral_link: link.toString(), code }
}

export interface VisitQuery {
  from: string
  gclid?: string | undefined
  ps_partner_key?: string | undefined
}

/**
 * A visit with ?from=<code> stores a referral for 90 days, except when the visit came from an
 * ad (gclid) or a partner network (ps_partner_key): that visit belongs to them. The answer is
 * the referral record the browser keeps (value and expiresTimestamp).
 */
export async function recordVisit(deps: ReferralsDeps, query: VisitQuery) {
  if (REFERRAL_BLOCKING_PARAMS.some((param) => query[param])) return { stored: false, referral: null }
  const referrer = await deps.referrals.userOfCode(query.from)
  if (!referrer) throw new AppError('referral_not_found', { param: 'from' })
  const now = deps.now()
  const visit = {
    id: `rv${newId(22)}`,
    referrer_user_id: referrer,
    created_at: now,
    expires_at: new Date(now.getTime() + REFERRAL_LIFETIME_MS),
  }
  await deps.referrals.insertVisit(visit)
  return { stored: true, referral: { value: visit.id, expiresTimestamp: visit.expires_at.getTime() } }
}

/**
 * A new account takes the referral its browser kept. The expiry is checked here, on read: a
 * referral older than 90 days is refused, as is one's own link, a second referral, and an
 * account that existed before the visit.
 */
export async function claimReferral(deps: ReferralsDeps, principal: Principal, value: string) {
  const visit = await deps.referrals.findVisit(value)
  if (!visit) throw new AppError('referral_not_found', { param: 'value' })
  if (visit.expires_at.getTime() <= deps.now().getTime())
    throw new AppError('referral_expired', { param: 'value' })
  if (visit.referrer_user_id === principal.userId) throw new AppError('referral_own_link')
  const user = await deps.referrals.userCreatedAt(principal.userId)
  if (!user || user.created_at < visit.created_at) throw new AppError('referral_after_sign_up')
  const stored = await deps.referrals.insertReferral({
    referred_user_id: principal.userId,
    referrer_user_id: visit.referrer_user_id,
    referred_workspace_id: principal.workspaceId,
    visit_id: visit.id,
    created_at: deps.now(),
  })
  if (!stored) throw new AppError('referral_already_set')
  return { referred: true }
}

/** A Google Ads landing: its campaign parameters are kept; the referral cookie is dropped. */
export async function googleAdsVisit(
  deps: ReferralsDeps,
  body: { email?: string | undefined; event_type: string; gclid: string } & Record<string, unknown>,
) {
  const utm = Object.fromEntries(Object.entries(body).filter(([key]) => key.startsWith('utm_')))
  await deps.referrals.insertAdsVisit({
    id: newId(),
    email: body.email ?? null,
    event_type: body.event_type,
    gclid: body.gclid,
    utm: JSON.stringify(utm),
    created_at: deps.now(),
  })
  return { stored: true }
}
