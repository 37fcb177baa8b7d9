import { sql } from 'kysely'
import type { DatabaseHandle } from '../../src/db/database.js'
import type { JobName, JobPayload } from '../../src/jobs/job-types.js'
import { startQueue } from '../../src/jobs/queue.js'

/**
 * Sends a job as another process would (a second queue on the same tables; the app's worker
 * finds it at its next poll) and waits until a run of that job sent since then has completed.
 */
export async function runJob<N extends JobName>(
  database: DatabaseHandle,
  name: N,
  payload: JobPayload<N>,
  timeoutMs = 90_000,
): Promise<void> {
  const queue = await startQueue(database)
  try {
    const since = new Date()
    await queue.send(name, payload)
    for (let waited = 0; waited < timeoutMs; waited += 100) {
      const done = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
        where name = ${name} and state = 'completed' and created_on >= ${since}`.execute(database.db)
      if ((done.rows[0]?.n ?? 0) > 0) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`${name} did not complete`)
  } finally {
    await queue.stop()
  }
}
