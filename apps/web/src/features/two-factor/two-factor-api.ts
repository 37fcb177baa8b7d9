import { client, settle } from '../../lib/api'
import type { ResponseJson } from '../../lib/api-types'

export type TwoFactorStatus = ResponseJson<'/v1/user/mfa', 'get', 200>
export type Enrolment = ResponseJson<'/v1/user/mfa/totp/enroll', 'post', 200>
export type SecuritySettings = ResponseJson<'/v1/workspace/security', 'get', 200>
export type MfaDisabledUsers = ResponseJson<'/v1/workspace/mfa/disabled-users', 'get', 200>
export type SignInTokens = ResponseJson<'/v1/auth/sign-in/code', 'post', 200>

export const getTwoFactorStatus = (): Promise<TwoFactorStatus> => settle(client.GET('/v1/user/mfa'))
export const startEnrolment = (): Promise<Enrolment> => settle(client.POST('/v1/user/mfa/totp/enroll'))
export const confirmEnrolment = (code: string): Promise<{ backup_codes: string[] }> =>
  settle(client.POST('/v1/user/mfa/totp/confirm', { body: { code } }))
export const disableTwoFactor = (code: string): Promise<{ status: 'ok' }> =>
  settle(client.POST('/v1/user/mfa/disable', { body: { code } }))
export const regenerateBackupCodes = (code: string): Promise<{ backup_codes: string[] }> =>
  settle(client.POST('/v1/user/mfa/backup-codes', { body: { code } }))
export const signInWithCode = (mfaToken: string, code: string): Promise<SignInTokens> =>
  settle(client.POST('/v1/auth/sign-in/code', { body: { mfa_token: mfaToken, code } }))

export const getSecuritySettings = (): Promise<SecuritySettings> =>
  settle(client.GET('/v1/workspace/security'))
export const updateSecuritySettings = (body: {
  mfa_required_for_users?: boolean
  session_inactivity_timeout?: number | null
}): Promise<SecuritySettings> => settle(client.PATCH('/v1/workspace/security', { body }))
export const getMfaDisabledUsers = (): Promise<MfaDisabledUsers> =>
  settle(client.GET('/v1/workspace/mfa/disabled-users'))

export const twoFactorKey = ['two-factor'] as const
export const securityKey = ['workspace-security'] as const

export type PermissionRequests = ResponseJson<'/v1/workspace/permission-requests', 'get', 200>
export const getPermissionRequests = (): Promise<PermissionRequests> =>
  settle(client.GET('/v1/workspace/permission-requests'))
export const requestAdminAccess = (message: string) =>
  settle(
    client.POST('/v1/workspace/permission-requests', {
      body: { permission: 'workspace_admin', ...(message ? { message } : {}) },
    }),
  )
export const answerPermissionRequest = (id: string, answer: 'grant' | 'decline') =>
  settle(
    answer === 'grant'
      ? client.POST('/v1/workspace/permission-requests/{request_id}/grant', {
          params: { path: { request_id: id } },
        })
      : client.POST('/v1/workspace/permission-requests/{request_id}/decline', {
          params: { path: { request_id: id } },
        }),
  )
export const permissionRequestsKey = ['permission-requests'] as const
