import { createRequire } from 'node:module'
import type { Transaction } from 'kysely'
import PgBoss from 'pg-boss'
import type { DatabaseHandle } from '../db/database.js'
import { pgliteExecutor, transactionExecutor } from '../db/pg-boss-executors.js'
import type { DB } from '../db/schema.js'
import { JOB_DEFINITIONS, type JobName, type JobPayload } from './job-types.js'

/** The version of the queue's tables that this pg-boss creates and migrates to. */
const PG_BOSS_SCHEMA_VERSION: number = createRequire(import.meta.url)('pg-boss/version.json').schema

export type JobHandler<N extends JobName> = (
  payload: JobPayload<N>,
  meta: { id: string; retryCount: number },
) => Promise<void>

/**
 * The durable queue in the same database (pg-boss, on PostgreSQL or PGlite alike).
 * `send` inside a Kysely transaction enqueues on commit and is dropped on rollback.
 */
export interface JobQueue {
  send<N extends JobName>(name: N, payload: JobPayload<N>, options?: { trx?: Transaction<DB> }): Promise<void>
  work<N extends JobName>(name: N, handler: JobHandler<N>): Promise<void>
  /** Sends the job on a cron schedule (UTC); one schedule per name, shared by every process. */
  schedule<N extends JobName>(name: N, cron: string, payload: JobPayload<N>): Promise<void>
  isReady(): Promise<boolean>
  stop(): Promise<void>
}

export async function startQueue(handle: DatabaseHandle): Promise<JobQueue> {
  const boss =
    handle.kind === 'pglite' && handle.pglite
      ? new PgBoss({ db: pgliteExecutor(handle.pglite), schema: 'pgboss' })
      : new PgBoss({ connectionString: handle.url ?? '', schema: 'pgboss', max: 5 })
  boss.on('error', (error) => {
    // pg-boss reports background maintenance errors here; they must not crash the process.
    console.error(JSON.stringify({ level: 50, msg: 'job queue error', err: String(error) }))
  })
  await boss.start()
  // pg-boss migrates older tables up but starts on newer ones unchanged (a database once used by
  // a later pg-boss): refuse them rather than run jobs against tables it does not know.
  const installed = Number(await boss.schemaVersion())
  if (installed !== PG_BOSS_SCHEMA_VERSION) {
    await boss.stop({ graceful: false })
    throw new Error(
      `The job queue's tables (schema "pgboss") are at version ${installed}, made by a newer pg-boss; this one uses version ${PG_BOSS_SCHEMA_VERSION}.`,
    )
  }
  for (const [name, def] of Object.entries(JOB_DEFINITIONS)) {
    await boss.createQueue(name, { name, ...def.options })
  }
  let stopped = false

  return {
    // A send is one INSERT through the given executor and reads nothing through pg-boss's own
    // connection, so inside a transaction on PGlite's single connection it cannot wait on itself.
    async send(name, payload, options) {
      const data = JOB_DEFINITIONS[name].payload.parse(payload)
      await boss.send(name, data, options?.trx ? { db: transactionExecutor(options.trx) } : {})
    },
    async work(name, handler) {
      const workOptions = { pollingIntervalSeconds: 1, includeMetadata: true } as const
      await boss.work<JobPayload<typeof name>>(name, workOptions, async (jobs) => {
        for (const job of jobs) {
          const payload = JOB_DEFINITIONS[name].payload.parse(job.data) as JobPayload<typeof name>
          await handler(payload, { id: job.id, retryCount: job.retryCount })
        }
      })
    },
    async schedule(name, cron, payload) {
      await boss.schedule(name, cron, JOB_DEFINITIONS[name].payload.parse(payload), { tz: 'UTC' })
    },
    async isReady() {
      if (stopped) return false
      try {
        await boss.getQueue(Object.keys(JOB_DEFINITIONS)[0] ?? 'email.send')
        return true
      } catch {
        return false
      }
    },
    async stop() {
      if (stopped) return
      stopped = true
      await boss.stop({ graceful: true, timeout: 10_000 })
    },
  }
}
