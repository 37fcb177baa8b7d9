import { WEBHOOK_AUTH_TYPES, WEBHOOK_EVENT_TYPES, WEBHOOK_NAME_MAX } from '@timbre/contract'
import { z } from 'zod'

export const webhookParams = z.object({ webhook_id: z.string().min(1).max(64) })

export const listQuery = z.object({
  include_usages: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
})

const name = z
  .string()
  .trim()
  .min(1, 'Please verify all fields are filled out correctly.')
  .max(WEBHOOK_NAME_MAX)

export const createBody = z.object({
  settings: z.object({
    auth_type: z.enum(WEBHOOK_AUTH_TYPES),
    name,
    webhook_url: z.string().max(2048),
    // OAuth2 and mTLS webhooks present the credentials of one of the workspace's auth connections.
    auth_connection_id: z.string().min(1).max(64).optional(),
  }),
})

export const updateBody = z.object({
  is_disabled: z.boolean(),
  name,
  retry_enabled: z.boolean().optional(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).max(10).optional(),
})

export const webhookModel = z.object({
  name: z.string(),
  webhook_id: z.string(),
  webhook_url: z.string(),
  is_disabled: z.boolean(),
  is_auto_disabled: z.boolean(),
  created_at_unix: z.number(),
  auth_type: z.enum(WEBHOOK_AUTH_TYPES),
  auth_connection_id: z.string().optional(),
  usage: z.array(z.object({ usage_type: z.string() })).optional(),
  events: z.array(z.string()).optional(),
  most_recent_failure_error_code: z.number().optional(),
  most_recent_failure_timestamp: z.number().optional(),
})

export const deliveryModel = z.object({
  delivery_id: z.string(),
  event_type: z.string(),
  status: z.enum(['pending', 'retrying', 'delivered', 'failed', 'skipped']),
  attempts: z.number(),
  response_code: z.number().nullable(),
  duration_ms: z.number().nullable(),
  error: z.string().nullable(),
  created_at_unix: z.number(),
  updated_at_unix: z.number(),
})
