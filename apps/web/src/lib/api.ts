// Every server call of the web app, one function each, through openapi-fetch typed by the
// contract generated from the server's OpenAPI document: paths, request bodies and answers
// are checked by the compiler. The web app signs in with an httpOnly session cookie, so
// requests carry same-origin credentials and no token.
import type { paths } from '@timbre/contract'
import createClient from 'openapi-fetch'
import { ApiError, toApiError } from './api-error'
import type {
  ApiKeyList,
  CodeCheckResponse,
  ConfirmPasswordResetResponse,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
  EditUserMetadataRequest,
  EditUserMetadataResponse,
  EmailLinkRequest,
  EmailLinkResponse,
  MailboxList,
  OptOutResponse,
  PublicConfig,
  SetLocaleResponse,
  SignInRequest,
  SignInRequestVerifyResponse,
  SignInResponse,
  SignUpRequest,
  SignUpResponse,
  UpdateApiKeyRequest,
  UpdateApiKeyResponse,
  User,
} from './api-types'

const client = createClient<paths>({
  baseUrl: '',
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
  // globalThis.fetch is looked up on each call (tests stub it); a request that never got an
  // answer becomes ApiError status 0.
  fetch: async (request) => {
    try {
      return await globalThis.fetch(request)
    } catch (cause) {
      throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error')
    }
  },
})

type Answer<D> = { data?: D; error?: unknown; response: Response }
/** What settle() resolves to: an answer declared without a body (204) becomes null. */
type Settled<D> = undefined extends D ? Exclude<D, undefined> | null : D

/**
 * The parsed body of a 2xx answer; null when there is none (204). Any other status becomes an
 * ApiError from its body (the document declares no error bodies, so `error` is read as unknown).
 */
async function settle<D>(pending: Promise<Answer<D>>): Promise<Settled<D>> {
  const { data, error, response } = await pending
  if (!response.ok) throw toApiError(response.status, error ?? null)
  return (data ?? null) as Settled<D>
}

export const getConfig = (): Promise<PublicConfig> => settle(client.GET('/v1/config'))

export const signUp = (body: SignUpRequest): Promise<SignUpResponse> =>
  settle(client.POST('/v1/auth/sign-up', { body }))
export const signIn = (body: SignInRequest): Promise<SignInResponse> =>
  settle(client.POST('/v1/auth/sign-in', { body }))
export const signOut = (): Promise<null> => settle(client.POST('/v1/auth/sign-out'))

export const sendVerificationEmail = (body: EmailLinkRequest): Promise<EmailLinkResponse> =>
  settle(client.POST('/v1/auth/send-verification-email', { body }))
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
export const setUserLocale = (locale: string): Promise<SetLocaleResponse> =>
  settle(client.POST('/v1/user/set-locale', { body: { locale } }))
export const editUserMetadata = (body: EditUserMetadataRequest): Promise<EditUserMetadataResponse> =>
  settle(client.POST('/v1/user/edit-user-metadata', { body }))
export const deleteAccount = (email: string): Promise<null> =>
  settle(client.DELETE('/v1/user', { body: { email } }))

export const listApiKeys = (): Promise<ApiKeyList> => settle(client.GET('/v1/user/api-keys'))
export const createApiKey = (body: CreateApiKeyRequest): Promise<CreateApiKeyResponse> =>
  settle(client.POST('/v1/user/api-keys', { body }))
export const updateApiKey = (keyId: string, body: UpdateApiKeyRequest): Promise<UpdateApiKeyResponse> =>
  settle(client.PATCH('/v1/user/api-keys/{key_id}', { params: { path: { key_id: keyId } }, body }))
export const deleteApiKey = (keyId: string): Promise<null> =>
  settle(client.DELETE('/v1/user/api-keys/{key_id}', { params: { path: { key_id: keyId } } }))

export const listMailbox = (): Promise<MailboxList> => settle(client.GET('/v1/local-mailbox'))
