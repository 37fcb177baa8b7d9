import { sql } from 'kysely'
import type { Database } from '../../../db/database.js'
import type { ConversationRow } from '../conversations/conversations.repository.js'

/** What the post-call work and the conversations sweep read and change. */
export function createPostCallRepository(db: Database) {
  return {
    findById(id: string): Promise<ConversationRow | undefined> {
      return db
        .selectFrom('convai_conversations')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst() as Promise<ConversationRow | undefined>
    },

    async setAnalysis(id: string, analysis: object): Promise<void> {
      await db
        .updateTable('convai_conversations')
        .set({ analysis: JSON.stringify(analysis) })
        .where('id', '=', id)
        .execute()
    },

    /** Marks the post-call work done; false when it already was (another run did it). */
    async markPostCall(id: string): Promise<boolean> {
      const result = await db
        .updateTable('convai_conversations')
        .set({ post_call_at: new Date() })
        .where('id', '=', id)
        .where('post_call_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** Ended conversations whose post-call work is still undone this long after they ended. */
    async postCallOverdue(seconds: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('convai_conversations')
        .select('id')
        .where('post_call_at', 'is', null)
        .where('ended_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
        .orderBy('ended_at')
        .limit(limit)
        .execute()
      return rows.map((r) => r.id)
    },

    /**
     * Ended conversations older than their agent's retention (`privacy.retention_days`; -1, or
     * no number, keeps them), oldest first.
     */
    async pastRetention(limit: number): Promise<Array<{ id: string; audio_key: string | null }>> {
      const days = sql<number>`(a.platform_settings->'privacy'->>'retention_days')::numeric`
      return db
        .selectFrom('convai_conversations as c')
        .innerJoin('convai_agents as a', 'a.id', 'c.agent_id')
        .select(['c.id', 'c.audio_key'])
        .where('c.ended_at', 'is not', null)
        .where(sql<boolean>`jsonb_typeof(a.platform_settings->'privacy'->'retention_days') = 'number'`)
        .where(days, '>=', 0)
        .where('c.started_at', '<', sql<Date>`now() - make_interval(days => ${days}::int)`)
        .orderBy('c.started_at')
        .limit(limit)
        .execute()
    },

    async removeMany(ids: string[]): Promise<number> {
      if (ids.length === 0) return 0
      const result = await db.deleteFrom('convai_conversations').where('id', 'in', ids).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}

export type PostCallRepository = ReturnType<typeof createPostCallRepository>
