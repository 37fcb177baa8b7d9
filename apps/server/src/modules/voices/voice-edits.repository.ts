import { sql } from 'kysely'
import type { Database } from '../../db/database.js'
import { newId } from '../../lib/ids.js'
import type { NewVoice, NewVoiceSample, VoiceUpdate } from './voices.tables.js'

/** Voices changed: the premade seed kept in step, edits of a workspace voice and their count. */
export function createVoiceEditsRepository(db: Database) {
  return {
    /**
     * Premade voices in one statement: new ones inserted, known ones updated in place (ids
     * never change); premade voices no longer in the catalogue become legacy (history keeps
     * pointing at them). Safe to run from several processes at once.
     */
    async upsertPremade(voices: NewVoice[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (voices.length) {
          await trx
            .insertInto('voices')
            .values(voices)
            .onConflict((oc) =>
              oc
                .column('id')
                .doUpdateSet((eb) => ({
                  name: eb.ref('excluded.name'),
                  description: eb.ref('excluded.description'),
                  labels: eb.ref('excluded.labels'),
                  language: eb.ref('excluded.language'),
                  definition: eb.ref('excluded.definition'),
                  verified_languages: eb.ref('excluded.verified_languages'),
                  sort_order: eb.ref('excluded.sort_order'),
                  is_legacy: false,
                  updated_at: new Date(),
                }))
                .where('voices.workspace_id', 'is', null),
            )
            .execute()
        }
        await trx
          .updateTable('voices')
          .set({ is_legacy: true, updated_at: new Date() })
          .where('workspace_id', 'is', null)
          .where('category', '=', 'premade')
          .where('is_legacy', '=', false)
          .where('id', 'not in', voices.length ? voices.map((v) => v.id) : [''])
          .execute()
      })
    },

    /**
     * Name, description and labels, plus new samples and their options, in one transaction.
     * Sample options are merged inside the stored definition by SQL, so two edits at once
     * cannot drop each other's flags.
     */
    async edit(
      workspaceId: string,
      id: string,
      patch: VoiceUpdate,
      samples: NewVoiceSample[],
      sampleOptions: Record<string, unknown>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('voices')
          .set({
            name: patch.name,
            ...(patch.description !== undefined ? { description: patch.description } : {}),
            ...(patch.labels ? { labels: JSON.stringify(patch.labels) } : {}),
            ...(samples.length
              ? {
                  definition: sql`jsonb_set(definition, '{sample_options}',
                    coalesce(definition->'sample_options', '{}'::jsonb) || ${JSON.stringify(sampleOptions)}::jsonb)`,
                }
              : {}),
            updated_at: new Date(),
          })
          .where('id', '=', id)
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) !== 1) return false
        if (samples.length) {
          await trx.insertInto('voice_samples').values(samples).execute()
          await trx
            .insertInto('voice_add_edits')
            .values({ id: newId(), workspace_id: workspaceId, voice_id: id, kind: 'edit' })
            .execute()
        }
        return true
      })
    },

    /** Voice additions and sample edits of a workspace since a moment. */
    async countAddEditsSince(workspaceId: string, since: Date): Promise<number> {
      const result = await db
        .selectFrom('voice_add_edits')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow()
      return Number(result.n)
    },
  }
}
