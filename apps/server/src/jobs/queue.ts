import type { Transaction } from 'kysely'
import { fromKysely, fromPglite, PgBoss } from 'pg-boss'
import type { DatabaseHandle } from '../db/database.js'
import type { DB } from '../db/schema.js'
import { JOB_DEFINITIONS, type JobName, type JobPayload } from './job-types.js'

const NIL_UUID = '00000000-0000-0000-0000-000000000000'

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
  isReady(): Promise<boolean>
  stop(): Promise<void>
}

export async function startQueue(handle: DatabaseHandle): Promise<JobQueue> {
  const boss =
    handle.kind === 'pglite' && handle.pglite
      ? new PgBoss({ db: fromPglite(handle.pglite), backend: 'pglite', schema: 'pgboss' })
      : new PgBoss({ connectionString: handle.url ?? '', schema: 'pgboss', max: 5 })
  boss.on('error', (error) => {
    // pg-boss reports background maintenance errors here; they must not crash the process.
    console.error(JSON.stringify({ level: 50, msg: 'job queue error', err: String(error) }))
  })
  await boss.start()
  for (const [name, def] of Object.entries(JOB_DEFINITIONS)) {
    await boss.createQueue(name, { ...def.options })
    // Puts the queue in pg-boss's cache now. Otherwise the first `send` inside one of our
    // transactions looks it up on PGlite's single connection, which that transaction holds:
    // a deadlock when no worker has primed the cache (role api, or before workers start).
    await boss.getJobById(name, NIL_UUID)
  }
  let stopped = false

  return {
    async send(name, payload, options) {
      const data = JOB_DEFINITIONS[name].payload.parse(payload)
      await boss.send(name, data, options?.trx ? { db: fromKysely(options.trx) } : {})
    },
    async work(name, handler) {
      await boss.work<JobPayload<typeof name>>(name, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) {
          const payload = JOB_DEFINITIONS[name].payload.parse(job.data) as JobPayload<typeof name>
          await handler(payload, { id: job.id, retryCount: job.retryCount })
        }
      })
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
