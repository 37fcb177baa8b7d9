// The account's privacy settings: the workspace's training opt-out, the email change with its
// revert link, the public name and alpha access.
import { client, settle } from '../../lib/api'
import type { ResponseJson } from '../../lib/api-types'

export type TrainingOptOut = ResponseJson<'/v1/workspace/training-opt-out', 'get', 200>
export type AlphaAccess = ResponseJson<'/v1/user/has-alpha-access', 'get', 200>

export const getTrainingOptOut = (): Promise<TrainingOptOut> =>
  settle(client.GET('/v1/workspace/training-opt-out'))
export const setTrainingOptOut = (optOut: boolean): Promise<TrainingOptOut> =>
  settle(
    client.PUT('/v1/workspace/update-workspace', {
      params: { query: { training_opt_out: optOut ? 'true' : 'false' } },
    }),
  )

export const sendEmailChangeCode = (newEmail: string) =>
  settle(client.POST('/v1/user/send-email-change-verification', { body: { new_email: newEmail } }))
export const confirmEmailChange = (code: string) =>
  settle(client.PUT('/v1/user/email', { params: { query: { verification_code: code } } }))
export const revertEmailChange = (code: string) =>
  settle(
    client.PUT('/v1/user/email', { params: { query: { verification_code: code, is_reverting: 'true' } } }),
  )

export const getPublicName = () => settle(client.GET('/v1/user/public-user-name'))
export const generatePublicName = () => settle(client.POST('/v1/user/generate-name'))
export const updatePublicName = (name: string) =>
  settle(client.POST('/v1/user/update-public-user-name', { body: { public_user_name: name } }))

export const getAlphaAccess = (): Promise<AlphaAccess> => settle(client.GET('/v1/user/has-alpha-access'))
export const requestAlphaAccess = (): Promise<AlphaAccess> =>
  settle(client.POST('/v1/user/request-alpha-access'))
