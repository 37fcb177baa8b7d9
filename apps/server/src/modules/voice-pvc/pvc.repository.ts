import { type Insertable, sql, type Updateable } from 'kysely'
import type { Database } from '../../db/database.js'
import type { HeldRunStore } from '../../platform/jobs/held-run-runner.js'
import type { VoicesTable } from '../voices/voices.module.js'
import type { PvcSampleRow, PvcSamplesTable, PvcVoiceRow, PvcVoicesTable } from './voice-pvc.tables.js'

// SQL of professional voice clones: the flow row beside the voices row, and the samples.
// Every read of a voice takes the workspace, so another workspace's clone is never found.

export function createPvcRepository(db: Database) {
  return {
    /**
     * The trainings the job runner holds: a clone in fine_tuning is claimed when no live run
     * holds it (none yet, or its holder stopped beating: the new run trains again from the
     * stored samples).
     */
    held: {
      async claim(voiceId, token, staleBefore) {
        const result = await sql<PvcVoiceRow>`
          update pvc_voices set worker_token = ${token}, updated_at = ${new Date()}
          where voice_id = ${voiceId} and state = 'fine_tuning'
            and (worker_token is null or updated_at < ${staleBefore})
          returning *`.execute(db)
        return result.rows[0]
      },
      async beat(voiceId, token, progress) {
        const result = await sql`
          update pvc_voices
          set training_progress = greatest(training_progress, ${Math.round(progress)}),
            updated_at = ${new Date()}
          where voice_id = ${voiceId} and worker_token = ${token} and state = 'fine_tuning'`.execute(db)
        return Number(result.numAffectedRows ?? 0) > 0
      },
      async releaseStale(staleBefore, limit) {
        const result = await sql<{ voice_id: string }>`
          update pvc_voices set worker_token = null, updated_at = ${new Date()}
          where voice_id in (
              select voice_id from pvc_voices
              where state = 'fine_tuning' and worker_token is not null and updated_at < ${staleBefore}
              limit ${limit})
            and state = 'fine_tuning' and worker_token is not null and updated_at < ${staleBefore}
          returning voice_id`.execute(db)
        return result.rows.map((r) => r.voice_id)
      },
    } satisfies HeldRunStore<PvcVoiceRow>,

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

export type PvcRepository = ReturnType<typeof createPvcRepository>
