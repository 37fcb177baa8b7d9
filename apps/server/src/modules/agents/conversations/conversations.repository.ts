import { sql } from 'kysely'
import type { Database } from '../../../db/database.js'

export interface ConversationRow {
  id: string
  workspace_id: string
  agent_id: string
  user_id: string | null
  status: string
  mode: string
  transcript: unknown[]
  metadata: Record<string, unknown>
  client_data: Record<string, unknown> | null
  analysis: Record<string, unknown> | null
  feedback: string | null
  audio_key: string | null
  started_at: Date
  ended_at: Date | null
  heartbeat_at: Date
  post_call_at: Date | null
  branch_id: string | null
  version_id: string | null
}

/** Conversations with their transcripts; a live one beats so a dead process's calls stop counting. */
export function createConversationsRepository(db: Database) {
  return {
    async insert(row: {
      id: string
      workspaceId: string
      agentId: string
      branchId?: string | null
      versionId?: string | null
      userId: string | null
      mode: string
      clientData: object | null
    }): Promise<void> {
      await db
        .insertInto('convai_conversations')
        .values({
          id: row.id,
          workspace_id: row.workspaceId,
          agent_id: row.agentId,
          branch_id: row.branchId ?? null,
          version_id: row.versionId ?? null,
          user_id: row.userId,
          status: 'in-progress',
          mode: row.mode,
          client_data: row.clientData ? JSON.stringify(row.clientData) : null,
        })
        .execute()
    },

    async save(
      id: string,
      patch: {
        transcript: unknown[]
        metadata: object
        status?: string
        endedAt?: Date
        analysis?: object | null
      },
    ): Promise<void> {
      await db
        .updateTable('convai_conversations')
        .set({
          transcript: JSON.stringify(patch.transcript),
          metadata: JSON.stringify(patch.metadata),
          heartbeat_at: new Date(),
          ...(patch.status ? { status: patch.status } : {}),
          ...(patch.endedAt ? { ended_at: patch.endedAt } : {}),
          ...(patch.analysis !== undefined
            ? { analysis: patch.analysis ? JSON.stringify(patch.analysis) : null }
            : {}),
        })
        .where('id', '=', id)
        .execute()
    },

    async setAudio(id: string, key: string): Promise<void> {
      await db.updateTable('convai_conversations').set({ audio_key: key }).where('id', '=', id).execute()
    },

    find(workspaceId: string, id: string): Promise<ConversationRow | undefined> {
      return db
        .selectFrom('convai_conversations')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst() as Promise<ConversationRow | undefined>
    },

    async list(
      workspaceId: string,
      query: {
        agentId?: string | undefined
        before?: Date | undefined
        after?: Date | undefined
        offset: number
        limit: number
      },
    ): Promise<ConversationRow[]> {
      let select = db.selectFrom('convai_conversations').selectAll().where('workspace_id', '=', workspaceId)
      if (query.agentId) select = select.where('agent_id', '=', query.agentId)
      if (query.before) select = select.where('started_at', '<', query.before)
      if (query.after) select = select.where('started_at', '>', query.after)
      return (await select
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .offset(query.offset)
        .limit(query.limit)
        .execute()) as ConversationRow[]
    },

    async remove(workspaceId: string, id: string): Promise<ConversationRow | undefined> {
      return (await db
        .deleteFrom('convai_conversations')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()) as ConversationRow | undefined
    },

    async setFeedback(workspaceId: string, id: string, feedback: string | null): Promise<boolean> {
      const result = await db
        .updateTable('convai_conversations')
        .set({ feedback })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** Conversations live now: in progress and beating within the last minute. */
    async countLive(workspaceId: string): Promise<number> {
      const row = await db
        .selectFrom('convai_conversations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .where('status', '=', 'in-progress')
        .where('heartbeat_at', '>', sql<Date>`now() - interval '60 seconds'`)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** Seconds of conversation since a date (the month's minutes). */
    async secondsSince(workspaceId: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('convai_conversations')
        .select(
          sql<number>`coalesce(sum(extract(epoch from coalesce(ended_at, heartbeat_at) - started_at)), 0)`.as(
            'seconds',
          ),
        )
        .where('workspace_id', '=', workspaceId)
        .where('started_at', '>=', since)
        .executeTakeFirstOrThrow()
      return Number(row.seconds)
    },

    /** Live conversations whose process stopped beating are recorded as failed. */
    async failStale(): Promise<number> {
      const result = await db
        .updateTable('convai_conversations')
        .set({ status: 'failed', ended_at: sql<Date>`heartbeat_at` })
        .where('status', '=', 'in-progress')
        .where('heartbeat_at', '<', sql<Date>`now() - interval '120 seconds'`)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },
  }
}

export type ConversationsRepository = ReturnType<typeof createConversationsRepository>
