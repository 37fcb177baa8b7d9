import {
  CREDITS_LOW_SHARE,
  NOTIFICATIONS_PAGE_MAX,
  type NotificationKind,
  type NotificationSeverity,
} from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { SubscriptionRow } from '../billing/billing.module.js'
import type { NotificationsRepository } from './notifications.repository.js'
import type { NotificationRow } from './notifications.tables.js'

/** A message for one user. `dedupeKey` makes a producer safe to call again for the same occasion. */
export interface NotificationInput {
  kind: NotificationKind
  severity: NotificationSeverity
  title: string
  description: string
  params?: Record<string, string | number>
  needsAttention?: boolean
  dedupeKey?: string
}

export interface NotificationMessage {
  message_id: string
  kind: string
  severity: NotificationSeverity
  title: string
  description: string
  params: Record<string, string | number>
  needs_attention: boolean
  create_date_unix_ms: number
  has_been_read: boolean
}

function toMessage(row: NotificationRow): NotificationMessage {
  return {
    message_id: row.id,
    kind: row.kind,
    severity: row.severity,
    title: row.title,
    description: row.description,
    params: row.params ?? {},
    needs_attention: row.needs_attention,
    create_date_unix_ms: row.created_at.getTime(),
    has_been_read: row.read_at !== null,
  }
}

/**
 * The credits warning for the current period: at the warning share, and again when nothing is
 * left. Each fires once per period (its dedupe key names the period's start).
 */
export function creditsNotice(subscription: SubscriptionRow): NotificationInput | null {
  const limit = subscription.character_limit
  const used = subscription.character_count
  // Unlimited plans (no positive limit) are never warned.
  if (limit <= 0) return null
  const period = subscription.period_started_at.toISOString()
  const params = { used, limit, tier: subscription.tier }
  if (used >= limit) {
    return {
      kind: 'credits_exhausted',
      severity: 'error',
      title: 'You have used all your credits',
      description: 'Generation is paused until your credits reset or you upgrade your plan.',
      params,
      needsAttention: true,
      dedupeKey: `credits_exhausted:${period}`,
    }
  }
  if (used >= limit * CREDITS_LOW_SHARE) {
    return {
      kind: 'credits_low',
      severity: 'warning',
      title: 'Your credits are running low',
      description: `You have used ${Math.round((used / limit) * 100)}% of this period's credits.`,
      params,
      needsAttention: true,
      dedupeKey: `credits_low:${period}`,
    }
  }
  return null
}

export function createNotificationsService(deps: {
  repository: NotificationsRepository
  subscription: (workspaceId: string) => Promise<SubscriptionRow | undefined>
}) {
  const { repository } = deps

  async function notify(userId: string, input: NotificationInput, trx?: Transaction<DB>): Promise<boolean> {
    return repository.insert(
      {
        id: newId(),
        userId,
        kind: input.kind,
        severity: input.severity,
        title: input.title,
        description: input.description,
        params: input.params ?? {},
        needsAttention: input.needsAttention ?? false,
        dedupeKey: input.dedupeKey ?? null,
      },
      trx,
    )
  }

  /** Produces the credit warnings the workspace's usage calls for, at most once per period. */
  async function checkCredits(principal: Principal): Promise<void> {
    const subscription = await deps.subscription(principal.workspaceId)
    const notice = subscription ? creditsNotice(subscription) : null
    if (notice) await notify(principal.userId, notice)
  }

  return {
    notify,
    async list(principal: Principal, query: { page_size: number; unread_only: boolean }) {
      await checkCredits(principal)
      const limit = Math.min(query.page_size, NOTIFICATIONS_PAGE_MAX)
      const [rows, unread] = await Promise.all([
        repository.listForUser(principal.userId, limit, query.unread_only),
        repository.unreadCount(principal.userId),
      ])
      return { notifications: rows.map(toMessage), unread_count: unread }
    },
    async markRead(principal: Principal, messageId: string): Promise<NotificationMessage> {
      const row = await repository.markRead(principal.userId, messageId)
      if (!row) throw new AppError('notification_not_found')
      return toMessage(row)
    },
    async markAllRead(principal: Principal): Promise<{ marked: number }> {
      return { marked: await repository.markAllRead(principal.userId) }
    },
  }
}

export type NotificationsService = ReturnType<typeof createNotificationsService>
