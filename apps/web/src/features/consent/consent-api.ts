// The consent calls: the sign-up terms for this visitor, the signed-in user's consent state,
// and the answers of the consent dialogs.
import { client, settle } from '../../lib/api'
import type { ResponseJson } from '../../lib/api-types'

export type SignUpTerms = ResponseJson<'/v1/consent/sign-up-terms', 'get', 200>
export type ConsentStatus = ResponseJson<'/v1/consent', 'get', 200>

export const getSignUpTerms = (): Promise<SignUpTerms> => settle(client.GET('/v1/consent/sign-up-terms'))
export const getConsent = (): Promise<ConsentStatus> => settle(client.GET('/v1/consent'))
export const acceptBipaTerms = () => settle(client.POST('/v1/user/accept-bipa-terms'))
export const acceptTerms = (version: string) =>
  settle(client.POST('/v1/user/accept-terms', { body: { version } }))
export const setCcpaOptOut = (optOut: boolean) =>
  settle(client.POST('/v1/user/ccpa-opt-out', { body: { ccpa_opt_out: optOut } }))
