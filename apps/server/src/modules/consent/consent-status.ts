import { bipaApplies, ccpaApplies, marketingCheckboxRequired, termsPolicyFor } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { type ConsentDeps, callerAddress } from './consent-deps.js'
import { userLocations } from './location-rules.js'

/**
 * The consent state the app reads after sign-in: where the user is, which dialogs are owed
 * (biometric terms, updated terms, the sale/share opt-out) and what was chosen. The location
 * of this call is remembered; a Global Privacy Control signal (Sec-GPC: 1) is stored as the
 * CCPA opt-out, as the law asks it to be honoured.
 */
export async function consentStatus(deps: ConsentDeps, principal: Principal, gpc: boolean) {
  const { current, last } = await userLocations(deps, principal.userId, callerAddress(principal))
  if (current) await deps.repository.saveLocation(undefined, principal.userId, current, deps.now())
  let flags = await deps.accountConsent.flags(principal.userId)
  if (gpc && !flags.ccpaOptOut) {
    await deps.accountConsent.setCcpaOptOut(principal.userId, true)
    flags = { ...flags, ccpaOptOut: true }
  }
  const latest = await deps.repository.latestTerms()
  const updatePending = latest
    ? !(await deps.repository.hasAccepted(principal.userId, latest.version))
    : false
  const location = current ?? last
  const bipa = bipaApplies(current) || bipaApplies(last)
  return {
    location,
    terms_policy: termsPolicyFor(location),
    marketing_checkbox_required: marketingCheckboxRequired(location),
    bipa_applies: bipa,
    accepted_bipa_terms: flags.acceptedBipaTerms,
    bipa_terms_required: bipa && !flags.acceptedBipaTerms,
    ccpa_applies: ccpaApplies(current) || ccpaApplies(last),
    ccpa_opt_out: flags.ccpaOptOut,
    global_privacy_control: gpc,
    agrees_to_product_updates: flags.agreesToProductUpdates,
    terms_update:
      updatePending && latest
        ? { version: latest.version, published_at_unix: unix(latest.published_at) }
        : null,
  }
}

const unix = (at: Date) => Math.floor(at.getTime() / 1000)

/** The Updated Terms dialog's Accept: only the newest version can be accepted. */
export async function acceptTerms(deps: ConsentDeps, principal: Principal, version: string) {
  const latest = await deps.repository.latestTerms()
  if (!latest) throw new AppError('no_terms_published')
  if (latest.version !== version) throw new AppError('terms_version_unknown', { param: 'version' })
  const { current, last } = await userLocations(deps, principal.userId, callerAddress(principal))
  const location = current ?? last
  await deps.repository.acceptTerms(undefined, {
    user_id: principal.userId,
    version,
    policy: termsPolicyFor(location),
    country: location?.country ?? null,
    region: location?.region ?? null,
    accepted_at: deps.now(),
  })
  return { version, accepted: true }
}
