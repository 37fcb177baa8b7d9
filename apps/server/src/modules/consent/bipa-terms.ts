import { bipaApplies } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { type ConsentDeps, callerAddress } from './consent-deps.js'
import { userLocations } from './location-rules.js'

/** The BIPA terms dialog's Accept: stored on the account, once and for all. */
export async function acceptBipaTerms(deps: ConsentDeps, principal: Principal) {
  await deps.accountConsent.acceptBipaTerms(principal.userId)
  return { accepted_bipa_terms: true }
}

/**
 * Before a voice is cloned or its recordings analysed: a user in a place with a biometric
 * privacy law (Illinois), by this call's address or where they were last seen, must have
 * accepted the biometric terms. Refused until then; the voice is not created.
 */
export async function requireBipaTerms(deps: ConsentDeps, principal: Principal): Promise<void> {
  const { current, last } = await userLocations(deps, principal.userId, callerAddress(principal))
  if (!bipaApplies(current) && !bipaApplies(last)) return
  const flags = await deps.accountConsent.flags(principal.userId)
  if (!flags.acceptedBipaTerms) throw new AppError('bipa_terms_required')
}

/** The CCPA dialog's Opt Out (or taking it back). */
export async function setCcpaOptOut(deps: ConsentDeps, principal: Principal, optOut: boolean) {
  await deps.accountConsent.setCcpaOptOut(principal.userId, optOut)
  return { ccpa_opt_out: optOut }
}
