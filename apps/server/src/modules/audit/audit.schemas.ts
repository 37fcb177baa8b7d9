import { AUDIT_LOG_DEFAULT_LIMIT, AUDIT_LOG_MAX_LIMIT } from '@timbre/contract'
import { z } from 'zod'

export const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(AUDIT_LOG_MAX_LIMIT).default(AUDIT_LOG_DEFAULT_LIMIT),
  cursor: z.string().max(200).optional(),
  time_from_unix_ms: z.coerce.number().int().min(0).optional(),
  time_to_unix_ms: z.coerce.number().int().min(0).optional(),
  actor_uid: z.string().max(64).optional(),
  class_name: z.string().max(100).optional(),
  activity_name: z.string().max(100).optional(),
})

const auditEntry = z
  .object({
    id: z.string(),
    time: z.number(),
    time_dt: z.string(),
    activity_id: z.number(),
    activity_name: z.string(),
    category_name: z.string(),
    category_uid: z.number(),
    class_name: z.string(),
    class_uid: z.number(),
    type_uid: z.number(),
    type_name: z.string(),
    severity_id: z.number(),
    status_id: z.number(),
    actor: z.object({
      user: z.object({
        uid: z.string().optional(),
        email_addr: z.string().optional(),
        name: z.string().optional(),
        type: z.string(),
        type_id: z.number(),
      }),
      app_name: z.string(),
      app_uid: z.string().optional(),
    }),
    device: z.object({ ip: z.string(), type_id: z.number() }).optional(),
    http_request: z
      .object({
        http_method: z.string(),
        url: z.object({ path: z.string() }),
        user_agent: z.string().optional(),
      })
      .optional(),
    message: z.string(),
    metadata: z.object({
      activity: z.string(),
      target_type: z.string().nullable(),
      target_id: z.string().nullable(),
    }),
    unmapped: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'WorkspaceAuditLogEntryResponse' })

export const auditPage = z
  .object({ entries: z.array(auditEntry), has_more: z.boolean(), next_cursor: z.string().optional() })
  .meta({ id: 'WorkspaceAuditLogsPageResponse' })
