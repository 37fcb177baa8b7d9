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

/**
 * How often an idle worker looks for jobs. PostgreSQL: every second, since another process may
 * have sent the job. The embedded database is one connection that runs one statement at a time,
 * so every poll makes API requests wait behind it; there every job is sent by this process,
 * which wakes the queue's worker itself, and the poll is only a safety net.
 */
export const IDLE_POLL_SECONDS = { postgres: 1, pglite: 30 } as const

export interface QueueOptions {
  /** Overrides the idle poll (the benchmark compares the embedded database's with PostgreSQL's). */
  idlePollSeconds?: number
}

export async function startQueue(handle: DatabaseHandle, queueOptions: QueueOptions = {}): Promise<JobQueue> {
  const embedded = handle.kind === 'pglite' && handle.pglite !== undefined
  const boss =
    handle.kind === 'pglite' && handle.pglite
      ? new PgBoss({
          db: pgliteExecutor(handle.pglite),
          schema: 'pgboss',
          // pg-boss's cron hand-over queue, polled every 5 s by default; schedules are per minute.
          cronWorkerIntervalSeconds: 15,
        })
      : new PgBoss({ connectionString: handle.url ?? '', schema: 'pgboss', max: 5 })
  const pollSeconds =
    queueOptions.idlePollSeconds ?? (embedded ? IDLE_POLL_SECONDS.pglite : IDLE_POLL_SECONDS.postgres)
  /** This process's worker ids per queue, to wake them when a job is sent or comes due. */
  const workers = new Map<JobName, string[]>()
  const timers = new Set<NodeJS.Timeout>()
  const wake = (name: JobName) => {
    for (const id of workers.get(name) ?? []) boss.notifyWorker(id)
  }
  const wakeLater = (name: JobName, seconds: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      wake(name)
    }, seconds * 1000)
    timer.unref()
    timers.add(timer)
  }
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
      // Inside a transaction the fetch this starts waits for the commit on the embedded
      // database's one connection (and finds nothing after a rollback); on PostgreSQL a fetch
      // before the commit misses the job until the next poll, a second later.
      wake(name)
    },
    async work(name, handler) {
      const options = JOB_DEFINITIONS[name].options
      const workOptions = { pollingIntervalSeconds: pollSeconds, includeMetadata: true } as const
      let id = ''
      id = await boss.work<JobPayload<typeof name>>(name, workOptions, async (jobs) => {
        // A worker that got a job looks again at once (a burst drains without waiting a poll).
        boss.notifyWorker(id)
        for (const job of jobs) {
          const payload = JOB_DEFINITIONS[name].payload.parse(job.data) as JobPayload<typeof name>
          try {
            await handler(payload, { id: job.id, retryCount: job.retryCount })
          } catch (error) {
            // pg-boss sets the retry after delay·2^n to delay·2^(n+1) seconds (with backoff,
            // n = retries so far) or after delay: wake at both ends so the retry is not left
            // to the idle poll.
            if (job.retryCount < options.retryLimit) {
              const low = options.retryBackoff ? options.retryDelay * 2 ** job.retryCount : options.retryDelay
              const high = options.retryBackoff ? low * 2 : low
              wakeLater(name, low + 0.1)
              if (high !== low) wakeLater(name, high + 0.1)
            }
            throw error
          }
        }
      })
      workers.set(name, [...(workers.get(name) ?? []), id])
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
      for (const timer of timers) clearTimeout(timer)
      await boss.stop({ graceful: true, timeout: 10_000 })
    },
  }
}
