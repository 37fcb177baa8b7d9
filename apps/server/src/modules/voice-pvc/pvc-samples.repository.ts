import type { Insertable, Updateable } from 'kysely'
import type { Database } from '../../db/database.js'
import type { PvcSampleRow, PvcSamplesTable } from './voice-pvc.tables.js'

// SQL of a professional clone's samples. Callers find the voice in its workspace first; these
// queries take the voice id they were given.

export function createPvcSamplesRepository(db: Database) {
  return {
    async samples(voiceId: string): Promise<PvcSampleRow[]> {
      return db
        .selectFrom('pvc_samples')
        .selectAll()
        .where('voice_id', '=', voiceId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    },

    async sample(voiceId: string, sampleId: string): Promise<PvcSampleRow | undefined> {
      return db
        .selectFrom('pvc_samples')
        .selectAll()
        .where('voice_id', '=', voiceId)
        .where('id', '=', sampleId)
        .executeTakeFirst()
    },

    /** Adds samples if the voice still has room for them (count and bytes), all or none. */
    async addSamples(
      voiceId: string,
      rows: Insertable<PvcSamplesTable>[],
      caps: { count: number; bytes: number },
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('pvc_voices')
          .select('voice_id')
          .where('voice_id', '=', voiceId)
          .forUpdate()
          .execute()
        const used = await trx
          .selectFrom('pvc_samples')
          .select((eb) => [
            eb.fn.countAll<string>().as('n'),
            eb.fn.coalesce(eb.fn.sum<string>('size_bytes'), eb.lit(0)).as('bytes'),
          ])
          .where('voice_id', '=', voiceId)
          .executeTakeFirstOrThrow()
        const bytes = rows.reduce((s, r) => s + r.size_bytes, 0)
        if (Number(used.n) + rows.length > caps.count || Number(used.bytes) + bytes > caps.bytes) return false
        await trx.insertInto('pvc_samples').values(rows).execute()
        return true
      })
    },

    async updateSample(
      voiceId: string,
      sampleId: string,
      values: Updateable<PvcSamplesTable>,
    ): Promise<void> {
      await db
        .updateTable('pvc_samples')
        .set(values)
        .where('voice_id', '=', voiceId)
        .where('id', '=', sampleId)
        .execute()
    },

    async removeSample(voiceId: string, sampleId: string): Promise<PvcSampleRow | undefined> {
      return db
        .deleteFrom('pvc_samples')
        .where('voice_id', '=', voiceId)
        .where('id', '=', sampleId)
        .returningAll()
        .executeTakeFirst()
    },
  }
}
