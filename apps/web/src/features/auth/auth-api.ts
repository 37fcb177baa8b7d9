// The sign-up, sign-in and email-link calls, the public configuration and the signed-in user.
import { client, settle } from '../../lib/api'
import type {
  CodeCheckResponse,
  ConfirmPasswordResetResponse,
  EmailLinkRequest,
  EmailLinkResponse,
  OptOutResponse,
  PublicConfig,
  SignInRequest,
  SignInRequestVerifyResponse,
  SignInResponse,
  SignUpRequest,
  SignUpResponse,
  User,
} from '../../lib/api-types'

export const getConfig = (): Promise<PublicConfig> => settle(client.GET('/v1/config'))

export const signUp = (body: SignUpRequest): Promise<SignUpResponse> =>
  settle(client.POST('/v1/auth/sign-up', { body }))
export const signIn = (body: SignInRequest): Promise<SignInResponse> =>
  settle(client.POST('/v1/auth/sign-in', { body }))
export const signOut = (): Promise<null> => settle(client.POST('/v1/auth/sign-out'))

export const sendVerificationEmail = (body: EmailLinkRequest): Promise<EmailLinkResponse> =>
  settle(client.POST('/v1/auth/send-verification-email', { body }))
/** Another verification link for the signed-in account (limited to one a minute). */
export const resendVerificationEmail = (body: {
  continue_url?: string
  lang?: string
}): Promise<EmailLinkResponse> => settle(client.POST('/v1/user/send-verification-email', { body }))
export const sendPasswordResetEmail = (body: EmailLinkRequest): Promise<EmailLinkResponse> =>
  settle(client.POST('/v1/auth/send-password-reset-email', { body }))

export const verifyEmail = (oobCode: string): Promise<CodeCheckResponse> =>
  settle(client.POST('/v1/auth/verify-email', { body: { oob_code: oobCode } }))
export const checkPasswordResetCode = (oobCode: string): Promise<CodeCheckResponse> =>
  settle(client.POST('/v1/auth/check-password-reset-code', { body: { oob_code: oobCode } }))
export const confirmPasswordReset = (
  oobCode: string,
  newPassword: string,
): Promise<ConfirmPasswordResetResponse> =>
  settle(
    client.POST('/v1/auth/confirm-password-reset', {
      body: { oob_code: oobCode, new_password: newPassword },
    }),
  )
export const optOutOfUpdates = (key: string): Promise<OptOutResponse> =>
  settle(client.POST('/v1/auth/opt-out-of-updates', { body: { opt_out_updates_key: key } }))
export const verifySignInRequest = (code: string): Promise<SignInRequestVerifyResponse> =>
  settle(
    client.POST('/v1/auth/sign-in-requests/verify', { body: { sign_in_request_verification_code: code } }),
  )

export const getUser = (): Promise<User> => settle(client.GET('/v1/user'))
