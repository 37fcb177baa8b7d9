import { sql } from 'kysely'
import type { Database } from '../../db/database.js'

/** The plays of a project's player, counted once per listener session and page in a window. */
export function createAudioNativePlaysRepository(db: Database) {
  return {
    /**
     * Counts a play, unless the same listener session already played this page within the
     * last `windowMinutes`.
     */
    async addPlay(
      row: { id: string; project_id: string; page_url: string; session_id: string | null },
      windowMinutes: number,
    ): Promise<boolean> {
      if (!row.session_id || windowMinutes <= 0) {
        await db.insertInto('audio_native_plays').values(row).execute()
        return true
      }
      const since = new Date(Date.now() - windowMinutes * 60_000)
      // Two tabs of one session reporting at the same instant would both see no play; a lock on
      // the (project, page, session) key makes the second wait for the first one's row.
      const key = `${row.project_id}\n${row.page_url}\n${row.session_id}`
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx)
        const result = await sql`
          insert into audio_native_plays (id, project_id, page_url, session_id)
          select ${row.id}, ${row.project_id}, ${row.page_url}, ${row.session_id}
          where not exists (
            select 1 from audio_native_plays
            where project_id = ${row.project_id} and page_url = ${row.page_url}
              and session_id = ${row.session_id} and created_at > ${since}
          )`.execute(trx)
        return Number(result.numAffectedRows ?? 0) > 0
      })
    },

    async playsByPage(projectId: string): Promise<Array<{ page_url: string; plays: number; last: Date }>> {
      const rows = await db
        .selectFrom('audio_native_plays')
        .select((eb) => [
          'page_url',
          eb.fn.countAll<string>().as('plays'),
          eb.fn.max('created_at').as('last'),
        ])
        .where('project_id', '=', projectId)
        .groupBy('page_url')
        .orderBy('page_url')
        .execute()
      return rows.map((r) => ({ page_url: r.page_url, plays: Number(r.plays), last: new Date(r.last) }))
    },
  }
}
