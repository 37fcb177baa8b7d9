import { API_KEY_NAME_MAX } from '@timbre/contract'
import { z } from 'zod'

// The public API names some of these fields with hyphens ('service-accounts', 'api-keys',
// 'service-account-user-id', 'xi-api-key'); its SDKs read exactly those.

export const tags = ['service accounts']
export const config = { scope: 'workspace' as const }
export const accountParams = z.object({ service_account_user_id: z.string().min(1).max(64) })
export const keyParams = accountParams.extend({ api_key_id: z.string().min(1).max(64) })
export const keyName = z.string().trim().min(1, 'API key names are required.').max(API_KEY_NAME_MAX)
export const permissions = z.union([z.array(z.string().max(64)).max(100), z.literal('all')])

export const apiKey = z.object({
  name: z.string(),
  hint: z.string(),
  key_id: z.string(),
  service_account_user_id: z.string(),
  created_at_unix: z.number(),
  is_disabled: z.boolean(),
  permissions: z.array(z.string()).optional(),
  character_limit: z.number().optional(),
  character_count: z.number(),
  hashed_xi_api_key: z.string(),
})
