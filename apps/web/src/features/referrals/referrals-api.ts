// The affiliates page's calls: the figures, joining, and the payout account.
import { client, settle } from '../../lib/api'
import type { ResponseJson } from '../../lib/api-types'

export type AffiliateDashboard = ResponseJson<'/v1/affiliates', 'get', 200>

export const getAffiliates = (): Promise<AffiliateDashboard> => settle(client.GET('/v1/affiliates'))
export const joinAffiliates = (body: { website: string; audience: string }): Promise<AffiliateDashboard> =>
  settle(client.POST('/v1/affiliates/join', { body }))
export const createPayoutAccount = () => settle(client.POST('/create-connect-account'))
export const payoutManagementLink = (back: string) =>
  settle(client.POST('/create-connect-account-management-link', { body: { relative_redirect_path: back } }))
export const completeLocalOnboarding = () => settle(client.POST('/v1/payouts/local/complete-onboarding'))
export const requestPayout = () => settle(client.POST('/v1/affiliates/payouts'))

type VisitBody = { from: string; gclid?: string; ps_partner_key?: string }
export const recordReferralVisit = (body: VisitBody) => settle(client.POST('/v1/referrals/visit', { body }))
export const claimReferral = (value: string) =>
  settle(client.POST('/v1/referrals/claim', { body: { value } }))
export const recordGoogleAdsVisit = (body: { event_type: string; gclid: string } & Record<string, string>) =>
  settle(client.POST('/v1/google-ads-visit', { body }))
