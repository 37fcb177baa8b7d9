// The impact program's calls: partners, applying, one's applications, the applications a
// partner reviews and its decisions, and redeeming an approved application's grant.
import { client, settle } from '../../lib/api'
import type { ResponseJson } from '../../lib/api-types'

export type ImpactPartner = ResponseJson<'/v1/impact-program/partners', 'get', 200>['partners'][number]
export type ImpactApplication = ResponseJson<
  '/v1/impact-program/user-applications',
  'get',
  200
>['applications'][number]
export type ImpactDecision = 'approve' | 'reject' | 'request_more_info'

export const getPartners = () => settle(client.GET('/v1/impact-program/partners'))
export const getMyApplications = () => settle(client.GET('/v1/impact-program/user-applications'))
export const getPartnerApplications = () => settle(client.GET('/v1/impact-program/partner-applications'))
export const applyToPartner = (body: { partner_id: string; organisation: string; statement: string }) =>
  settle(client.POST('/v1/impact-program/apply', { body }))
export const reviewApplication = (
  applicationId: string,
  body: { decision: ImpactDecision; message?: string },
) =>
  settle(
    client.POST('/v1/impact-program/applications/{applicationId}/review', {
      params: { path: { applicationId } },
      body,
    }),
  )
export const redeemGrant = (grantCode: string) =>
  settle(client.POST('/create-grant-acceptance-session', { body: { grant_code: grantCode } }))
