// The affiliates page's calls: the figures, joining, and the payout account.
import { client, settle } from '../../lib/api'
import type { ResponseJson } from '../../lib/api-types'

export type AffiliateDashboard = ResponseJson<'/v1/affiliates', 'get', 200>

export const getAffiliates = (): Promise<AffiliateDashboard> => settle(client.GET('/v1/affiliates'))
export const joinAffiliates = (body: { website: string; audience: string }): Promise<AffiliateDashboard> =>
  settle(client.POST('/v1/affiliates/join', { body }))
export const createPayoutAccount = () => settle(client.POST('/create-connect-account'))
export const completeLocalOnboarding = () => settle(client.POST('/v1/payouts/local/complete-onboarding'))
export const requestPayout = () => settle(client.POST('/v1/affiliates/payouts'))
