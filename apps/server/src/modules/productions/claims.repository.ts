import type { Insertable, Selectable, Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { ProductionClaimsTable } from './productions.tables.js'

export type ClaimRow = Selectable<ProductionClaimsTable>

/** A unique index refused the row (one active claim per producer, one live claim per task). */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505'
}

/** A claim with the task it is of. */
function claimsWithTask(db: Database) {
  return db
    .selectFrom('production_claims')
    .innerJoin('production_tasks', 'production_tasks.id', 'production_claims.task_id')
    .selectAll('production_claims')
    .select([
      'production_tasks.kind',
      'production_tasks.name',
      'production_tasks.source_language',
      'production_tasks.target_languages',
      'production_tasks.verbatim',
      'production_tasks.sdh',
      'production_tasks.audio_event_tags',
      'production_tasks.speakers',
      'production_tasks.instructions',
      'production_tasks.total_cents',
      'production_tasks.priority',
      'production_tasks.state as task_state',
    ])
}

export function createClaimsRepository(db: Database) {
  const withTask = () => claimsWithTask(db)
  return {
    /**
     * Claims an unclaimed task in one transaction: the task moves to claimed and the claim is
     * written; null when the task was not unclaimed or a unique index refused the claim.
     */
    async claim(row: Insertable<ProductionClaimsTable>, event: { detail: string | null; id: string }) {
      try {
        return await db.transaction().execute(async (trx) => {
          const moved = await trx
            .updateTable('production_tasks')
            .set({ state: 'claimed', updated_at: new Date() })
            .where('id', '=', row.task_id)
            .where('state', '=', 'unclaimed')
            .executeTakeFirst()
          if (Number(moved.numUpdatedRows) === 0) return null
          await trx.insertInto('production_claims').values(row).execute()
          await trx
            .insertInto('production_events')
            .values({
              id: event.id,
              task_id: row.task_id,
              event: 'claimed',
              actor_id: row.producer_id,
              detail: event.detail,
              created_at: new Date(),
            })
            .execute()
          return row.id
        })
      } catch (error) {
        if (isUniqueViolation(error)) return 'conflict' as const
        throw error
      }
    },
    activeOf(producerId: string) {
      return db
        .selectFrom('production_claims')
        .selectAll()
        .where('producer_id', '=', producerId)
        .where('state', '=', 'claimed')
        .executeTakeFirst()
    },
    ofProducerTask(producerId: string, taskId: string) {
      return withTask()
        .where('production_claims.producer_id', '=', producerId)
        .where('production_claims.task_id', '=', taskId)
        .orderBy('production_claims.claimed_at', 'desc')
        .executeTakeFirst()
    },
    liveOfTask(taskId: string) {
      return db
        .selectFrom('production_claims')
        .selectAll()
        .where('task_id', '=', taskId)
        .where('state', 'in', ['claimed', 'submitted'])
        .executeTakeFirst()
    },
    ofProducer(producerId: string) {
      return withTask()
        .where('production_claims.producer_id', '=', producerId)
        .orderBy('production_claims.claimed_at', 'desc')
        .limit(200)
        .execute()
    },
    /** The claims of a team's producers, newest first. */
    ofTeam(teamId: string) {
      return withTask()
        .innerJoin('producers', 'producers.user_id', 'production_claims.producer_id')
        .where('producers.team_id', '=', teamId)
        .orderBy('production_claims.claimed_at', 'desc')
        .limit(200)
        .execute()
    },
    submitted() {
      return withTask()
        .where('production_claims.state', '=', 'submitted')
        .orderBy('production_tasks.priority', 'desc')
        .orderBy('production_claims.submitted_at')
        .limit(200)
        .execute()
    },
    /** Changes a claim only from the state named; false when it was not in it. */
    async move(
      id: string,
      from: string,
      patch: Partial<Insertable<ProductionClaimsTable>>,
      trx?: Transaction<DB>,
    ): Promise<boolean> {
      const result = await (trx ?? db)
        .updateTable('production_claims')
        .set(patch)
        .where('id', '=', id)
        .where('state', '=', from)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },
    /** Writes the reviewer's feedback once; false when it was already reviewed. */
    async review(
      id: string,
      patch: { state: 'approved' | 'rejected'; reviewer_id: string; feedback: string; reviewed_at: Date },
      trx: Transaction<DB>,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('production_claims')
        .set(patch)
        .where('id', '=', id)
        .where('state', '=', 'submitted')
        .where('reviewed_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },
    async extend(id: string, deadline: Date, maxExtensions: number): Promise<boolean> {
      const result = await db
        .updateTable('production_claims')
        .set((eb) => ({ deadline_at: deadline, extensions: eb('extensions', '+', 1) }))
        .where('id', '=', id)
        .where('state', '=', 'claimed')
        .where('extensions', '<', maxExtensions)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },
    ...claimReports(db),
  }
}

/** Overdue claims and a producer's outcomes. */
function claimReports(db: Database) {
  return {
    overdue(at: Date) {
      return db
        .selectFrom('production_claims')
        .selectAll()
        .where('state', '=', 'claimed')
        .where('deadline_at', '<', at)
        .limit(100)
        .execute()
    },
    /** Earned so far and claims by state, for the producer's stats. */
    async stats(producerId: string) {
      const rows = await db
        .selectFrom('production_claims')
        .select(['state'])
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          eb.fn.sum<number>('earnings_cents').as('earned'),
        ])
        .where('producer_id', '=', producerId)
        .groupBy('state')
        .execute()
      return rows.map((r) => ({ state: r.state, count: Number(r.count), earned: Number(r.earned ?? 0) }))
    },
  }
}

export type ClaimsRepository = ReturnType<typeof createClaimsRepository>
