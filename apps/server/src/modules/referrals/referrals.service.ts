import { bindUseCases } from '../../platform/use-cases.js'
import { affiliateDashboard, joinAffiliates } from './affiliate-dashboard.js'
import {
  completeLocalOnboarding,
  createConnectAccount,
  managementLink,
  payoutView,
  requestPayout,
} from './payouts.js'
import { claimReferral, googleAdsVisit, recordVisit, referralLink } from './referral-visits.js'
import type { ReferralsDeps } from './referrals-deps.js'

export function createReferralsService(deps: ReferralsDeps) {
  return bindUseCases(deps, {
    referralLink,
    recordVisit,
    claimReferral,
    googleAdsVisit,
    affiliateDashboard,
    joinAffiliates,
    payoutView,
    createConnectAccount,
    managementLink,
    completeLocalOnboarding,
    requestPayout,
  })
}

export type ReferralsService = ReturnType<typeof createReferralsService>
