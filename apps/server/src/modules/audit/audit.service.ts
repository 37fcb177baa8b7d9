import {
  AUDIT_ACTIVITIES,
  AUDIT_CATEGORY,
  AUDIT_CLASSES,
  AUDIT_SEVERITY_INFORMATIONAL,
  AUDIT_STATUS_SUCCESS,
  type AuditActivity,
  type AuditClass,
} from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin } from '../../plugins/workspace-roles.js'
import type { AuditRepository } from './audit.repository.js'

/** What an admin action names: the thing acted on, and what changed. */
export interface AuditTarget {
  type: string
  id: string
}

/** The one way domains write to the audit log, inside their own transaction when they have one. */
export interface AuditLog {
  record(
    executor: Transaction<DB> | undefined,
    principal: Principal,
    activity: AuditActivity,
    target: AuditTarget,
    details?: Record<string, unknown>,
  ): Promise<void>
  /** An action taken for the workspace by an outside system (the card provider's events). */
  recordSystem(
    executor: Transaction<DB> | undefined,
    workspaceId: string,
    system: 'stripe',
    activity: AuditActivity,
    target: AuditTarget,
    details?: Record<string, unknown>,
  ): Promise<void>
}

const SYSTEM_NAMES = { stripe: 'Stripe' } as const

export interface AuditListInput {
  limit: number
  cursor?: string | undefined
  time_from_unix_ms?: number | undefined
  time_to_unix_ms?: number | undefined
  actor_uid?: string | undefined
  class_name?: string | undefined
  activity_name?: string | undefined
}

const encodeCursor = (time: Date, id: string) => Buffer.from(`${time.getTime()}.${id}`).toString('base64url')

function decodeCursor(cursor: string): { time: Date; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{1,64})$/.exec(text)
  if (!match) throw new AppError('audit_cursor_invalid', { param: 'cursor' })
  return { time: new Date(Number(match[1])), id: match[2] as string }
}

function describe(details: Record<string, unknown>): string {
  const parts = Object.entries(details)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
  return parts.length > 0 ? ` (${parts.join('; ')})` : ''
}

/**
 * The audit log of admin actions. Entries are written through `record` by the services that
 * perform the actions; admins read them newest first, as OCSF events (the public API's shape).
 */
export function createAuditService(deps: { repo: AuditRepository }) {
  const { repo } = deps

  const log: AuditLog = {
    async record(executor, principal, activity, target, details = {}) {
      const def = AUDIT_ACTIVITIES[activity]
      const cls = AUDIT_CLASSES[def.class as AuditClass]
      await repo.insert(executor, {
        id: newId(),
        workspaceId: principal.workspaceId,
        time: new Date(),
        activity,
        classUid: cls.uid,
        activityId: def.activityId,
        actorUserId: principal.userId,
        actorEmail: principal.email,
        actorVia: principal.via,
        actorApiKeyId: principal.apiKey?.id ?? null,
        targetType: target.type,
        targetId: target.id,
        message: `${principal.email}: ${def.name}, ${target.type} ${target.id}${describe(details)}`,
        details,
        ip: principal.request?.ip ?? null,
        userAgent: principal.request?.userAgent ?? null,
        httpMethod: principal.request?.method ?? null,
        httpPath: principal.request?.path ?? null,
      })
    },
    async recordSystem(executor, workspaceId, system, activity, target, details = {}) {
      const def = AUDIT_ACTIVITIES[activity]
      const cls = AUDIT_CLASSES[def.class as AuditClass]
      await repo.insert(executor, {
        id: newId(),
        workspaceId,
        time: new Date(),
        activity,
        classUid: cls.uid,
        activityId: def.activityId,
        actorUserId: null,
        actorEmail: null,
        actorVia: system,
        actorApiKeyId: null,
        targetType: target.type,
        targetId: target.id,
        message: `${SYSTEM_NAMES[system]}: ${def.name}, ${target.type} ${target.id}${describe(details)}`,
        details,
        ip: null,
        userAgent: null,
        httpMethod: null,
        httpPath: null,
      })
    },
  }

  return {
    log,

    async list(principal: Principal, input: AuditListInput) {
      requireAdmin(principal)
      const classEntry = input.class_name
        ? Object.values(AUDIT_CLASSES).find((c) => c.name.toLowerCase() === input.class_name?.toLowerCase())
        : undefined
      const activities = input.activity_name
        ? Object.entries(AUDIT_ACTIVITIES)
            .filter(([key, a]) =>
              [key, a.name.toLowerCase()].includes(input.activity_name?.toLowerCase() ?? ''),
            )
            .map(([key]) => key)
        : null
      // A class or activity this log never writes matches nothing (not an error: filters from
      // other tools may name classes Timbre does not record).
      if ((input.class_name && !classEntry) || activities?.length === 0)
        return { entries: [], has_more: false }
      const rows = await repo.list({
        workspaceId: principal.workspaceId,
        limit: input.limit + 1,
        before: input.cursor ? decodeCursor(input.cursor) : null,
        from: input.time_from_unix_ms === undefined ? null : new Date(input.time_from_unix_ms),
        to: input.time_to_unix_ms === undefined ? null : new Date(input.time_to_unix_ms),
        actorUserId: input.actor_uid ?? null,
        classUid: classEntry?.uid ?? null,
        activities,
      })
      const page = rows.slice(0, input.limit)
      const last = page.at(-1)
      const hasMore = rows.length > input.limit
      return {
        entries: page.map((r) => {
          const def = AUDIT_ACTIVITIES[r.activity as AuditActivity]
          const cls = Object.values(AUDIT_CLASSES).find((c) => c.uid === r.class_uid)
          const activityName = def?.name ?? r.activity
          return {
            id: r.id,
            time: r.time.getTime(),
            time_dt: r.time.toISOString(),
            activity_id: r.activity_id,
            activity_name: activityName,
            category_name: AUDIT_CATEGORY.name,
            category_uid: AUDIT_CATEGORY.uid,
            class_name: cls?.name ?? 'Unknown',
            class_uid: r.class_uid,
            type_uid: r.class_uid * 100 + r.activity_id,
            type_name: `${cls?.name ?? 'Unknown'}: ${activityName}`,
            severity_id: AUDIT_SEVERITY_INFORMATIONAL,
            status_id: AUDIT_STATUS_SUCCESS,
            actor: {
              user: {
                uid: r.actor_user_id ?? undefined,
                email_addr: r.actor_email ?? undefined,
                name: r.actor_email ?? undefined,
                type: 'User',
                type_id: 1,
              },
              app_name:
                r.actor_via === 'api_key'
                  ? 'API'
                  : r.actor_via === 'stripe'
                    ? SYSTEM_NAMES.stripe
                    : 'Timbre web app',
              ...(r.actor_api_key_id ? { app_uid: r.actor_api_key_id } : {}),
            },
            ...(r.ip ? { device: { ip: r.ip, type_id: 99 } } : {}),
            ...(r.http_method && r.http_path
              ? {
                  http_request: {
                    http_method: r.http_method,
                    url: { path: r.http_path },
                    ...(r.user_agent ? { user_agent: r.user_agent } : {}),
                  },
                }
              : {}),
            message: r.message,
            metadata: { activity: r.activity, target_type: r.target_type, target_id: r.target_id },
            unmapped: r.details,
          }
        }),
        has_more: hasMore,
        ...(hasMore && last ? { next_cursor: encodeCursor(last.time, last.id) } : {}),
      }
    },
  }
}

export type AuditService = ReturnType<typeof createAuditService>
