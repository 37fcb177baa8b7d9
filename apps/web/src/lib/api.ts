// Every server call of the web app, one function each. The web app signs in with an
// httpOnly session cookie, so requests carry same-origin credentials and no token.
import { ApiError, toApiError } from './api-error'
import type {
  ApiKey,
  CodeCheckResponse,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
  MailboxMessage,
  PublicConfig,
  SignInResponse,
  SignUpRequest,
  SignUpResponse,
  UpdateApiKeyRequest,
  User,
} from './api-types'

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** The one fetch helper: JSON in, JSON out, ApiError on any non-2xx answer or network failure. */
export async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let response: Response
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (cause) {
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error')
  }
  const parsed = await readBody(response)
  if (!response.ok) throw toApiError(response.status, parsed)
  return parsed as T
}

export const getConfig = () => request<PublicConfig>('GET', '/v1/config')

export const signUp = (body: SignUpRequest) => request<SignUpResponse>('POST', '/v1/auth/sign-up', body)
export const signIn = (body: { email: string; password: string }) =>
  request<SignInResponse>('POST', '/v1/auth/sign-in', body)
export const signOut = () => request<null>('POST', '/v1/auth/sign-out')

export const sendVerificationEmail = (body: { email: string; continue_url: string }) =>
  request<Record<string, never>>('POST', '/v1/auth/send-verification-email', body)
export const sendPasswordResetEmail = (body: { email: string; continue_url: string }) =>
  request<Record<string, never>>('POST', '/v1/auth/send-password-reset-email', body)

export const verifyEmail = (oobCode: string) =>
  request<CodeCheckResponse>('POST', '/v1/auth/verify-email', { oob_code: oobCode })
export const checkPasswordResetCode = (oobCode: string) =>
  request<CodeCheckResponse>('POST', '/v1/auth/check-password-reset-code', { oob_code: oobCode })
export const confirmPasswordReset = (oobCode: string, newPassword: string) =>
  request<{ status: 'success' }>('POST', '/v1/auth/confirm-password-reset', {
    oob_code: oobCode,
    new_password: newPassword,
  })
export const optOutOfUpdates = (key: string) =>
  request<unknown>('POST', '/v1/auth/opt-out-of-updates', { opt_out_updates_key: key })
export const verifySignInRequest = (code: string) =>
  request<unknown>('POST', '/v1/auth/sign-in-requests/verify', { sign_in_request_verification_code: code })

export const getUser = () => request<User>('GET', '/v1/user')
export const setUserLocale = (locale: string) => request<unknown>('POST', '/v1/user/set-locale', { locale })
export const editUserMetadata = (body: { first_name?: string }) =>
  request<unknown>('POST', '/v1/user/edit-user-metadata', body)
export const deleteAccount = (email: string) => request<unknown>('DELETE', '/v1/user', { email })

export const listApiKeys = () => request<{ api_keys: ApiKey[] }>('GET', '/v1/user/api-keys')
export const createApiKey = (body: CreateApiKeyRequest) =>
  request<CreateApiKeyResponse>('POST', '/v1/user/api-keys', body)
export const updateApiKey = (keyId: string, body: UpdateApiKeyRequest) =>
  request<unknown>('PATCH', `/v1/user/api-keys/${encodeURIComponent(keyId)}`, body)
export const deleteApiKey = (keyId: string) =>
  request<null>('DELETE', `/v1/user/api-keys/${encodeURIComponent(keyId)}`)

export const listMailbox = () => request<{ messages: MailboxMessage[] }>('GET', '/v1/local-mailbox')
