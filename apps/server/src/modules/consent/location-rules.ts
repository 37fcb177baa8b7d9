import {
  bipaApplies,
  type ConsentLocation,
  ccpaApplies,
  marketingCheckboxRequired,
  termsPolicyFor,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { SignUpRule } from '../accounts/accounts.module.js'
import type { ConsentDeps } from './consent-deps.js'
import { locateAddress } from './geo-locator.js'

/** What the sign-up page shows a visitor from this address. */
export function signUpTerms(address: string | null) {
  const location = locateAddress(address)
  return {
    location,
    terms_policy: termsPolicyFor(location),
    marketing_checkbox_required: marketingCheckboxRequired(location),
    bipa_applies: bipaApplies(location),
    ccpa_applies: ccpaApplies(location),
  }
}

/**
 * Where a signed-in user is: the address of this call, else where they were last seen. The
 * biometric and sale/share rules apply where either says they apply, so moving behind a proxy
 * in another state does not lift a rule that the account's own location imposes.
 */
export async function userLocations(
  deps: Pick<ConsentDeps, 'repository'>,
  userId: string,
  address: string | null,
): Promise<{ current: ConsentLocation | null; last: ConsentLocation | null }> {
  return { current: locateAddress(address), last: await deps.repository.lastLocation(userId) }
}

/**
 * The terms checkbox at sign-up: where the location shows it (strict and checkbox places) an
 * account is created only with it ticked. The acceptance is stored with the account, with the
 * newest published terms version and the policy that applied.
 */
export function signUpTermsRule(deps: Pick<ConsentDeps, 'repository' | 'now'>): SignUpRule {
  return {
    async check({ input, clientAddress }) {
      const policy = termsPolicyFor(locateAddress(clientAddress))
      if (policy !== 'implicit' && input.account_metadata?.accepted_terms !== true)
        throw new AppError('terms_required', { param: 'account_metadata.accepted_terms' })
    },
    async record(trx, { userId, clientAddress }) {
      const location = locateAddress(clientAddress)
      const now = deps.now()
      if (location) await deps.repository.saveLocation(trx, userId, location, now)
      const latest = await deps.repository.latestTerms(trx)
      await deps.repository.acceptTerms(trx, {
        user_id: userId,
        version: latest?.version ?? 'initial',
        policy: termsPolicyFor(location),
        country: location?.country ?? null,
        region: location?.region ?? null,
        accepted_at: now,
      })
    },
  }
}
