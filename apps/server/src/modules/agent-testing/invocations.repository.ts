import type { Selectable, Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { createHeldRunStore } from '../../platform/jobs/held-run-store.js'
import type { ConvaiTestInvocationsTable, ConvaiTestRunsTable } from './agent-testing.tables.js'

export type InvocationRow = Selectable<ConvaiTestInvocationsTable>
export type TestRunRow = Selectable<ConvaiTestRunsTable>

export interface NewTestRun {
  id: string
  testId: string
  testName: string
  testType: string
  testInfo: object
  rootFolderId: string | null
  rootFolderName: string | null
}

export interface InvocationCounts {
  invocation_id: string
  total: number
  passed: number
  failed: number
  pending: number
  cancelled: number
}

type Enqueue = (trx: Transaction<DB>, invocationId: string) => Promise<void>

/** Writing invocations and their runs. */
function invocationWrites(db: Database) {
  return {
    /** Writes the invocation with its runs, all pending, and queues it in the same transaction. */
    async create(
      row: {
        id: string
        workspaceId: string
        createdBy: string
        agentId: string
        branchId: string | null
        folderId: string | null
        repeatCount: number
        configOverride: object | null
      },
      runs: NewTestRun[],
      enqueue: Enqueue,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('convai_test_invocations')
          .values({
            id: row.id,
            workspace_id: row.workspaceId,
            created_by: row.createdBy,
            agent_id: row.agentId,
            branch_id: row.branchId,
            folder_id: row.folderId,
            repeat_count: row.repeatCount,
            config_override: row.configOverride ? JSON.stringify(row.configOverride) : null,
            status: 'queued',
          })
          .execute()
        await trx
          .insertInto('convai_test_runs')
          .values(
            runs.map((run, position) => ({
              id: run.id,
              invocation_id: row.id,
              position,
              test_id: run.testId,
              test_name: run.testName,
              test_type: run.testType,
              test_info: JSON.stringify(run.testInfo),
              root_folder_id: run.rootFolderId,
              root_folder_name: run.rootFolderName,
              status: 'pending',
            })),
          )
          .execute()
        await enqueue(trx, row.id)
      })
    },

    async setRun(
      id: string,
      patch: { status: string; agentResponses?: unknown[]; conditionResult?: object },
    ): Promise<void> {
      await db
        .updateTable('convai_test_runs')
        .set({
          status: patch.status,
          updated_at: new Date(),
          ...(patch.agentResponses ? { agent_responses: JSON.stringify(patch.agentResponses) } : {}),
          ...(patch.conditionResult ? { condition_result: JSON.stringify(patch.conditionResult) } : {}),
        })
        .where('id', '=', id)
        // A cancelled run stays cancelled.
        .where('status', '!=', 'cancelled')
        .execute()
    },

    /** Ends the run that holds the invocation; false when it was cancelled or taken over. */
    async finish(id: string, token: string): Promise<boolean> {
      const result = await db
        .updateTable('convai_test_invocations')
        .set({ status: 'done', progress: 100, worker_token: null, updated_at: new Date() })
        .where('id', '=', id)
        .where('worker_token', '=', token)
        .where('status', '=', 'running')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    /** Cancels an unfinished invocation and its runs still to come; false when it had finished. */
    async cancel(workspaceId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('convai_test_invocations')
          .set({ status: 'cancelled', worker_token: null, updated_at: new Date() })
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', id)
          .where('status', 'in', ['queued', 'running'])
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) === 0) return false
        await trx
          .updateTable('convai_test_runs')
          .set({ status: 'cancelled', updated_at: new Date() })
          .where('invocation_id', '=', id)
          .where('status', 'in', ['pending', 'running'])
          .execute()
        return true
      })
    },

    /** Sets these runs back to pending and queues the invocation again (unless it is running). */
    async resubmit(
      workspaceId: string,
      id: string,
      runIds: string[],
      configOverride: object | null,
      enqueue: Enqueue,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const invocation = await trx
          .selectFrom('convai_test_invocations')
          .select(['status'])
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst()
        if (!invocation) return 0
        const result = await trx
          .updateTable('convai_test_runs')
          .set({ status: 'pending', agent_responses: null, condition_result: null, updated_at: new Date() })
          .where('invocation_id', '=', id)
          .where('id', 'in', runIds)
          .executeTakeFirst()
        const count = Number(result.numUpdatedRows)
        if (count === 0 || invocation.status === 'running' || invocation.status === 'queued') return count
        await trx
          .updateTable('convai_test_invocations')
          .set({
            status: 'queued',
            progress: 0,
            worker_token: null,
            updated_at: new Date(),
            ...(configOverride ? { config_override: JSON.stringify(configOverride) } : {}),
          })
          .where('id', '=', id)
          .execute()
        await enqueue(trx, id)
        return count
      })
    },
  }
}

/** Reading invocations, their runs and their counts. */
function invocationReads(db: Database) {
  return {
    find(workspaceId: string, id: string): Promise<InvocationRow | undefined> {
      return db
        .selectFrom('convai_test_invocations')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    findById(id: string): Promise<InvocationRow | undefined> {
      return db.selectFrom('convai_test_invocations').selectAll().where('id', '=', id).executeTakeFirst()
    },

    runsOf(invocationId: string): Promise<TestRunRow[]> {
      return db
        .selectFrom('convai_test_runs')
        .selectAll()
        .where('invocation_id', '=', invocationId)
        .orderBy('position')
        .execute()
    },

    list(
      workspaceId: string,
      query: {
        agentId?: string | undefined
        testId?: string | undefined
        branchId?: string | undefined
        from?: Date | undefined
        to?: Date | undefined
        offset: number
        limit: number
      },
    ): Promise<InvocationRow[]> {
      let q = db
        .selectFrom('convai_test_invocations as i')
        .selectAll('i')
        .where('i.workspace_id', '=', workspaceId)
      if (query.agentId) q = q.where('i.agent_id', '=', query.agentId)
      if (query.branchId) q = q.where('i.branch_id', '=', query.branchId)
      if (query.from) q = q.where('i.created_at', '>=', query.from)
      if (query.to) q = q.where('i.created_at', '<=', query.to)
      if (query.testId) {
        const testId = query.testId
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('convai_test_runs as r')
              .select('r.id')
              .whereRef('r.invocation_id', '=', 'i.id')
              .where('r.test_id', '=', testId),
          ),
        )
      }
      return q
        .orderBy('i.created_at', 'desc')
        .orderBy('i.id')
        .offset(query.offset)
        .limit(query.limit)
        .execute()
    },

    async counts(invocationIds: string[]): Promise<InvocationCounts[]> {
      if (invocationIds.length === 0) return []
      const rows = await db
        .selectFrom('convai_test_runs')
        .select(['invocation_id', 'status', db.fn.countAll<number>().as('n')])
        .where('invocation_id', 'in', invocationIds)
        .groupBy(['invocation_id', 'status'])
        .execute()
      return invocationIds.map((id) => {
        const of = (status: string) =>
          Number(rows.find((r) => r.invocation_id === id && r.status === status)?.n ?? 0)
        const total = rows.filter((r) => r.invocation_id === id).reduce((sum, r) => sum + Number(r.n), 0)
        return {
          invocation_id: id,
          total,
          passed: of('passed'),
          failed: of('failed'),
          pending: of('pending') + of('running'),
          cancelled: of('cancelled'),
        }
      })
    },
  }
}

/** Test invocations and their runs; an invocation is held by one job run while its tests run. */
export function createInvocationsRepository(db: Database) {
  return {
    held: createHeldRunStore<InvocationRow>(db, 'convai_test_invocations', { takeover: true }),
    ...invocationWrites(db),
    ...invocationReads(db),
  }
}

export type InvocationsRepository = ReturnType<typeof createInvocationsRepository>
