import { sql } from 'kysely'
import type { Database } from '../../db/database.js'
import type { VoiceSampleRow } from './voices.tables.js'

// SQL for voice samples and cached previews. Callers check the voice's workspace first
// (voices.repository.ts `find`); these queries take the voice id they were given.

export function createVoiceSamplesRepository(db: Database) {
  return {
    async samplesOf(voiceIds: readonly string[]): Promise<VoiceSampleRow[]> {
      if (voiceIds.length === 0) return []
      return db
        .selectFrom('voice_samples')
        .selectAll()
        .where('voice_id', 'in', voiceIds)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    },

    async countSamples(voiceId: string): Promise<number> {
      const result = await db
        .selectFrom('voice_samples')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('voice_id', '=', voiceId)
        .executeTakeFirstOrThrow()
      return Number(result.n)
    },

    async findSample(voiceId: string, sampleId: string): Promise<VoiceSampleRow | undefined> {
      return db
        .selectFrom('voice_samples')
        .selectAll()
        .where('voice_id', '=', voiceId)
        .where('id', '=', sampleId)
        .executeTakeFirst()
    },

    async removeSample(voiceId: string, sampleId: string): Promise<VoiceSampleRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('voice_samples')
          .where('voice_id', '=', voiceId)
          .where('id', '=', sampleId)
          .returningAll()
          .executeTakeFirst()
        if (removed) {
          await trx
            .updateTable('voices')
            .set({ definition: sql`definition #- array['sample_options', ${sampleId}]::text[]` })
            .where('id', '=', voiceId)
            .execute()
        }
        return removed
      })
    },

    async findPreview(voiceId: string, language: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('voice_previews')
        .select('storage_key')
        .where('voice_id', '=', voiceId)
        .where('language', '=', language)
        .executeTakeFirst()
      return row?.storage_key
    },

    async savePreview(voiceId: string, language: string, storageKey: string): Promise<void> {
      await db
        .insertInto('voice_previews')
        .values({ voice_id: voiceId, language, storage_key: storageKey })
        .onConflict((oc) =>
          oc
            .columns(['voice_id', 'language'])
            .doUpdateSet({ storage_key: storageKey, created_at: new Date() }),
        )
        .execute()
    },
  }
}

export type VoiceSamplesRepository = ReturnType<typeof createVoiceSamplesRepository>
