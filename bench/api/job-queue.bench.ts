// What the job queue's polling costs API requests on the embedded database (one connection, one
// statement at a time): a probe statement, as a request would run, every 20 ms for 15 s while
// the queue idles with a worker on every job name. Baseline in the same run: the same probe
// with the queue polling every second (the PostgreSQL setting, used on both before), and with
// no queue at all.
import { sql } from 'kysely'
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database.js'
import { JOB_DEFINITIONS, type JobName } from '../../apps/server/src/jobs/job-types.js'
import { IDLE_POLL_SECONDS, startQueue } from '../../apps/server/src/jobs/queue.js'
import { fmt, percentile } from './bench-app.js'

const SECONDS = 15

async function probe(idlePollSeconds: number | null): Promise<number[]> {
  const handle = await openDatabase({ dataDir: 'memory://' })
  await migrateToLatest(handle.db)
  const queue = idlePollSeconds === null ? null : await startQueue(handle, { idlePollSeconds })
  for (const name of Object.keys(JOB_DEFINITIONS) as JobName[]) await queue?.work(name, async () => {})
  await new Promise((r) => setTimeout(r, 1500))
  const waits: number[] = []
  const until = performance.now() + SECONDS * 1000
  while (performance.now() < until) {
    const started = performance.now()
    await sql`select 1`.execute(handle.db)
    waits.push(performance.now() - started)
    await new Promise((r) => setTimeout(r, 20))
  }
  await queue?.stop()
  await handle.close()
  return waits
}

export async function bench(): Promise<void> {
  const rows: Array<[string, number[]]> = [
    ['no job queue (floor)', await probe(null)],
    ['queue idle, polling every 1 s (before; PostgreSQL setting)', await probe(IDLE_POLL_SECONDS.postgres)],
    [
      `queue idle, polling every ${IDLE_POLL_SECONDS.pglite} s, woken in-process (now, embedded)`,
      await probe(IDLE_POLL_SECONDS.pglite),
    ],
  ]
  console.log(`one-statement probe on the embedded database every 20 ms for ${SECONDS} s (ms)`)
  console.log('| | mean | p50 | p99 | max | probes over 5 ms |')
  console.log('|---|---|---|---|---|---|')
  for (const [label, waits] of rows) {
    const slow = waits.filter((w) => w > 5).length
    console.log(
      `| ${label} | ${fmt(waits.reduce((a, b) => a + b, 0) / waits.length, 2)} | ${fmt(percentile(waits, 50), 1)} | ${fmt(percentile(waits, 99), 1)} | ${fmt(Math.max(...waits), 1)} | ${slow} of ${waits.length} |`,
    )
  }
}
