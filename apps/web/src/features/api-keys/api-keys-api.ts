// The user's API keys.
import { client, settle } from '../../lib/api'
import type {
  ApiKeyList,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
  UpdateApiKeyRequest,
  UpdateApiKeyResponse,
} from '../../lib/api-types'

export const listApiKeys = (): Promise<ApiKeyList> => settle(client.GET('/v1/user/api-keys'))
export const createApiKey = (body: CreateApiKeyRequest): Promise<CreateApiKeyResponse> =>
  settle(client.POST('/v1/user/api-keys', { body }))
export const updateApiKey = (keyId: string, body: UpdateApiKeyRequest): Promise<UpdateApiKeyResponse> =>
  settle(client.PATCH('/v1/user/api-keys/{key_id}', { params: { path: { key_id: keyId } }, body }))
export const deleteApiKey = (keyId: string): Promise<null> =>
  settle(client.DELETE('/v1/user/api-keys/{key_id}', { params: { path: { key_id: keyId } } }))
