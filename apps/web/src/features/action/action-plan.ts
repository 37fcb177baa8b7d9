// The email-link action handler: reads the link's query and decides what to do. Pure, so
// every mode is unit tested; the page performs the plan.
import { routes, withQuery } from '../../routes'
import { signInPathAfterEmailLink } from '../auth/post-login-redirect'

export type ActionParams = {
  mode: string | null
  /** verificationCode, else oobCode. */
  code: string | null
  continueUrl: string | null
  /** Defaults to 'en'. */
  lang: string
  userId: string | null
  coupon: string | null
  newUser: boolean
  inviteCode: string | null
  internalCode: string | null
  sensitiveActionVerificationCode: string | null
}

export function readActionParams(query: URLSearchParams): ActionParams {
  const get = (key: string) => query.get(key) || null
  return {
    mode: get('mode'),
    code: get('verificationCode') ?? get('oobCode'),
    continueUrl: get('continueUrl'),
    lang: get('lang') ?? 'en',
    userId: get('userId'),
    coupon: get('coupon'),
    newUser: query.get('newUser') === 'true',
    inviteCode: get('invite_code'),
    internalCode: get('internalCode'),
    sensitiveActionVerificationCode: get('sensitiveActionVerificationCode'),
  }
}

export type ActionPlan =
  | { kind: 'optOutOfUpdates'; code: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'nothing' }
  | { kind: 'verifyEmail'; code: string; signInPath: string }
  | { kind: 'verifySignInRequest'; code: string }
  | { kind: 'error'; error: 'unknownMode' | 'missingCode' }

export function planAction(params: ActionParams, origin: string): ActionPlan {
  const { mode, code } = params
  switch (mode) {
    case 'resetPassword':
      // The reset page checks the code itself, so a missing code still goes there.
      return {
        kind: 'redirect',
        to: withQuery(routes.resetPassword, {
          oobCode: code,
          continueUrl: params.continueUrl,
          lang: params.lang,
        }),
      }
    case 'recoverEmail':
      return { kind: 'nothing' }
    case 'optOutOfUpdates':
      return code ? { kind: 'optOutOfUpdates', code } : { kind: 'error', error: 'missingCode' }
    case 'verifyEmail':
      return code
        ? { kind: 'verifyEmail', code, signInPath: signInPathAfterEmailLink(params.continueUrl, origin) }
        : { kind: 'error', error: 'missingCode' }
    case 'verifySignInRequest':
      return code ? { kind: 'verifySignInRequest', code } : { kind: 'error', error: 'missingCode' }
    default:
      return { kind: 'error', error: 'unknownMode' }
  }
}
