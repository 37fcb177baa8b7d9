import { NOTIFICATION_SEVERITIES, NOTIFICATIONS_PAGE_MAX } from '@timbre/contract'
import { z } from 'zod'

export const notificationMessage = z
  .object({
    message_id: z.string(),
    /** What produced the message (welcome, credits_low, ...): clients word it in their language. */
    kind: z.string(),
    severity: z.enum(NOTIFICATION_SEVERITIES),
    title: z.string(),
    description: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    needs_attention: z.boolean(),
    create_date_unix_ms: z.number(),
    has_been_read: z.boolean(),
  })
  .meta({ id: 'NotificationMessage' })

export const notificationsQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(30),
  unread_only: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
})

export const notificationsList = z
  .object({ notifications: z.array(notificationMessage), unread_count: z.number() })
  .meta({ id: 'NotificationsList' })

export const messageIdParams = z.object({ message_id: z.string().min(1).max(64) })
