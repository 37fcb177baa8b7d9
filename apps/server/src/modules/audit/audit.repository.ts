import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

export interface AuditRow {
  id: string
  workspaceId: string
  time: Date
  activity: string
  classUid: number
  activityId: number
  actorUserId: string | null
  actorEmail: string | null
  actorVia: string | null
  actorApiKeyId: string | null
  targetType: string | null
  targetId: string | null
  message: string
  details: Record<string, unknown>
  ip: string | null
  userAgent: string | null
  httpMethod: string | null
  httpPath: string | null
}

export interface AuditQuery {
  workspaceId: string
  limit: number
  /** Entries strictly older than this position (time, then id), newest first. */
  before: { time: Date; id: string } | null
  from: Date | null
  to: Date | null
  actorUserId: string | null
  classUid: number | null
  activities: string[] | null
}

/** The audit log: appended in the acting service's transaction when it has one; read newest first. */
export function createAuditRepository(db: Database) {
  return {
    async insert(executor: Transaction<DB> | undefined, row: AuditRow): Promise<void> {
      await (executor ?? db)
        .insertInto('audit_log')
        .values({
          id: row.id,
          workspace_id: row.workspaceId,
          time: row.time,
          activity: row.activity,
          class_uid: row.classUid,
          activity_id: row.activityId,
          actor_user_id: row.actorUserId,
          actor_email: row.actorEmail,
          actor_via: row.actorVia,
          actor_api_key_id: row.actorApiKeyId,
          target_type: row.targetType,
          target_id: row.targetId,
          message: row.message,
          details: JSON.stringify(row.details),
          ip: row.ip,
          user_agent: row.userAgent,
          http_method: row.httpMethod,
          http_path: row.httpPath,
        })
        .execute()
    },

    list(q: AuditQuery) {
      let query = db
        .selectFrom('audit_log')
        .selectAll()
        .where('workspace_id', '=', q.workspaceId)
        .orderBy('time', 'desc')
        .orderBy('id', 'desc')
        .limit(q.limit)
      if (q.before) {
        const { time, id } = q.before
        query = query.where((eb) =>
          eb.or([eb('time', '<', time), eb.and([eb('time', '=', time), eb('id', '<', id)])]),
        )
      }
      if (q.from) query = query.where('time', '>=', q.from)
      if (q.to) query = query.where('time', '<=', q.to)
      if (q.actorUserId) query = query.where('actor_user_id', '=', q.actorUserId)
      if (q.classUid !== null) query = query.where('class_uid', '=', q.classUid)
      if (q.activities) query = query.where('activity', 'in', q.activities)
      return query.execute()
    },
  }
}

export type AuditRepository = ReturnType<typeof createAuditRepository>
