import type { Insertable, Updateable } from 'kysely'
import type { Database } from '../../db/database.js'
import type { VoicesTable } from '../voices/voices.module.js'
import { createPvcHeldRuns } from './pvc-held-runs.repository.js'
import { createPvcSamplesRepository } from './pvc-samples.repository.js'
import type { PvcVoiceRow, PvcVoicesTable } from './voice-pvc.tables.js'

// SQL of professional voice clones: the flow row beside the voices row (the samples and the
// training runs have their own repository files).
// Every read of a voice takes the workspace, so another workspace's clone is never found.

export function createPvcRepository(db: Database) {
  return {
    ...createPvcSamplesRepository(db),
    held: createPvcHeldRuns(db),

    /** Creates the voices row and the flow row together, within the plan's professional clone limit. */
    async create(
      voice: Insertable<VoicesTable>,
      flow: Insertable<PvcVoicesTable>,
      limit: number,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('workspaces')
          .select('id')
          .where('id', '=', flow.workspace_id)
          .forUpdate()
          .execute()
        const used = await trx
          .selectFrom('pvc_voices')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('workspace_id', '=', flow.workspace_id)
          .executeTakeFirstOrThrow()
        if (Number(used.n) >= limit) return false
        await trx.insertInto('voices').values(voice).execute()
        await trx.insertInto('pvc_voices').values(flow).execute()
        return true
      })
    },

    async countInWorkspace(workspaceId: string): Promise<number> {
      const row = await db
        .selectFrom('pvc_voices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    async find(workspaceId: string, voiceId: string) {
      return db
        .selectFrom('pvc_voices')
        .innerJoin('voices', 'voices.id', 'pvc_voices.voice_id')
        .selectAll('pvc_voices')
        .select([
          'voices.name',
          'voices.description',
          'voices.labels',
          'voices.language',
          'voices.owner_user_id',
          'voices.safety_control',
        ])
        .where('pvc_voices.voice_id', '=', voiceId)
        .where('pvc_voices.workspace_id', '=', workspaceId)
        .executeTakeFirst()
    },

    async findById(voiceId: string): Promise<PvcVoiceRow | undefined> {
      return db.selectFrom('pvc_voices').selectAll().where('voice_id', '=', voiceId).executeTakeFirst()
    },

    async updateVoice(
      voiceId: string,
      voice: Updateable<VoicesTable>,
      flow: Updateable<PvcVoicesTable> = {},
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (Object.keys(voice).length)
          await trx
            .updateTable('voices')
            .set({ ...voice, updated_at: new Date() })
            .where('id', '=', voiceId)
            .execute()
        await trx
          .updateTable('pvc_voices')
          .set({ ...flow, updated_at: new Date() })
          .where('voice_id', '=', voiceId)
          .execute()
      })
    },

    async updateFlow(voiceId: string, flow: Updateable<PvcVoicesTable>): Promise<void> {
      await db
        .updateTable('pvc_voices')
        .set({ ...flow, updated_at: new Date() })
        .where('voice_id', '=', voiceId)
        .execute()
    },

    /** Moves the flow from one state to another; false when it was not in `from` any more. */
    async transition(
      voiceId: string,
      from: readonly string[],
      flow: Updateable<PvcVoicesTable>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('pvc_voices')
        .set({ ...flow, updated_at: new Date() })
        .where('voice_id', '=', voiceId)
        .where('state', 'in', from)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    /** Counts a failed verification attempt; the new count. */
    async countAttempt(voiceId: string, distance: number): Promise<number> {
      const row = await db
        .updateTable('pvc_voices')
        .set((eb) => ({
          verification_attempts: eb('verification_attempts', '+', 1),
          last_verification_distance: distance,
          updated_at: new Date(),
        }))
        .where('voice_id', '=', voiceId)
        .returning('verification_attempts')
        .executeTakeFirstOrThrow()
      return row.verification_attempts
    },

    /** The flows of those of the voices that are professional clones, with their samples' audio seconds. */
    async flowsOf(voiceIds: readonly string[]) {
      if (voiceIds.length === 0) return []
      return db
        .selectFrom('pvc_voices')
        .innerJoin('voices', 'voices.id', 'pvc_voices.voice_id')
        .leftJoin('pvc_samples', 'pvc_samples.voice_id', 'pvc_voices.voice_id')
        .select([
          'pvc_voices.voice_id',
          'voices.language',
          'pvc_voices.state',
          'pvc_voices.verification_attempts',
          'pvc_voices.manual_verification',
          'pvc_voices.training_requested',
          'pvc_voices.training_progress',
          'pvc_voices.training_error',
          'pvc_voices.model_id',
        ])
        .select((eb) =>
          eb.fn.coalesce(eb.fn.sum<number>('pvc_samples.duration_seconds'), eb.lit(0)).as('seconds'),
        )
        .where('pvc_voices.voice_id', 'in', voiceIds)
        .groupBy(['pvc_voices.voice_id', 'voices.language'])
        .execute()
    },
  }
}

export type PvcRepository = ReturnType<typeof createPvcRepository>
