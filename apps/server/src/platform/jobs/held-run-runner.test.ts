import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../test/helpers/test-database.js'
import type { DatabaseHandle } from '../../db/database.js'
import { defineHeldJob, type HeldRun } from './held-run-runner.js'
import { createHeldRunStore, type HeldRunTable } from './held-runs.repository.js'

// The runner over a table with the held-run columns, on PGlite or PostgreSQL (DATABASE_URL).
// The table is the test's own, so the runner is exercised without any domain's rules.

interface ProbeRow {
  id: string
  status: string
  progress: number
  worker_token: string | null
}

const TABLE = 'held_run_probe' as HeldRunTable
let handle: DatabaseHandle

beforeAll(async () => {
  handle = await createTestDatabase()
  await sql`create table held_run_probe (
    id text primary key,
    status text not null,
    progress int not null default 0,
    worker_token text,
    updated_at timestamptz not null default now())`.execute(handle.db)
})
afterAll(async () => {
  await handle?.close()
})

const insert = (id: string) =>
  sql`insert into held_run_probe (id, status) values (${id}, 'queued')`.execute(handle.db)
const read = async (id: string) =>
  (await sql<ProbeRow>`select * from held_run_probe where id = ${id}`.execute(handle.db)).rows[0]
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Rows are finished by their handler, as a domain's repository does. */
const finish = (id: string, token: string) =>
  sql`update held_run_probe set status = 'done', progress = 100, worker_token = null
      where id = ${id} and worker_token = ${token}`.execute(handle.db)

describe('the held-run job runner', () => {
  it('gives a row to exactly one of two runs claiming it at once', async () => {
    await insert('race')
    const store = createHeldRunStore<ProbeRow>(handle.db, TABLE, { takeover: true })
    const ran: string[] = []
    const make = () =>
      defineHeldJob({
        name: 'studio.export',
        store,
        timing: { heartbeatMs: 1_000, staleSeconds: 15, progressWriteMs: 0 },
        rowId: (p) => p.exportId,
        resume: (exportId) => ({ exportId }),
        handler: async (row, run) => {
          ran.push(run.token)
          await sleep(50)
          await finish(row.id, run.token)
        },
      })
    const [a, b] = [make(), make()]
    await Promise.all([a.run({ exportId: 'race' }), b.run({ exportId: 'race' }), a.run({ exportId: 'race' })])
    expect(ran).toHaveLength(1)
    expect(await read('race')).toMatchObject({ status: 'done', progress: 100 })
    // A late delivery of the same job finds it done and does nothing.
    await b.run({ exportId: 'race' })
    expect(ran).toHaveLength(1)
  })

  it('takes over a run whose heartbeat lapsed, and the old holder stops without writing', async () => {
    await insert('lapsed')
    const store = createHeldRunStore<ProbeRow>(handle.db, TABLE, { takeover: true })
    let release: () => void = () => undefined
    const stuck = new Promise<void>((r) => {
      release = r
    })
    const runs: Array<{ token: string; resumedFrom: number }> = []
    let first: HeldRun | undefined
    const outcome: string[] = []
    const job = defineHeldJob({
      name: 'studio.export',
      store,
      // The first holder never beats again (its heartbeat is far off): as a killed process.
      timing: { heartbeatMs: 60_000, staleSeconds: 1, progressWriteMs: 0 },
      rowId: (p) => p.exportId,
      resume: (exportId) => ({ exportId }),
      handler: async (row, run) => {
        runs.push({ token: run.token, resumedFrom: run.percent })
        if (runs.length === 1) {
          await run.progress(40, { force: true })
          first = run
          await stuck
          // Woken after the takeover: its report finds the row held by another run.
          await run.progress(60, { force: true })
          outcome.push('old holder went on')
          await finish(row.id, run.token)
          return
        }
        await run.progress(30, { force: true })
        await finish(row.id, run.token)
        outcome.push('new holder finished')
      },
    })
    const firstRun = job.run({ exportId: 'lapsed' })
    while (!first) await sleep(20)
    expect(await read('lapsed')).toMatchObject({ status: 'running', progress: 40 })
    // Still alive by its clock: a second delivery finds it held, and the sweep releases nothing.
    await job.run({ exportId: 'lapsed' })
    expect(runs).toHaveLength(1)
    await sleep(1_300)
    const sent: string[] = []
    const resumed = await job.recoverStale({
      send: async (_name, payload) => {
        sent.push((payload as { exportId: string }).exportId)
      },
    })
    expect(resumed).toBe(1)
    expect(sent).toEqual(['lapsed'])
    await job.run({ exportId: 'lapsed' })
    expect(runs).toHaveLength(2)
    // The new run started from the dead run's percent, and its lower report did not lower it.
    expect(runs[1]?.resumedFrom).toBe(40)
    release()
    await firstRun
    expect(outcome).toEqual(['new holder finished'])
    expect(first?.held).toBe(false)
    expect(await read('lapsed')).toMatchObject({ status: 'done', progress: 100, worker_token: null })
  })

  it('without takeover claims only queued rows and releases none', async () => {
    await sql`insert into held_run_probe (id, status, updated_at)
              values ('dead', 'running', now() - interval '1 hour')`.execute(handle.db)
    const store = createHeldRunStore<ProbeRow>(handle.db, TABLE, { takeover: false })
    expect(await store.claim('dead', 'x', new Date())).toBeUndefined()
    expect(await store.releaseStale(new Date(), 10)).toEqual([])
    await insert('fresh')
    expect(await store.claim('fresh', 'y', new Date())).toMatchObject({
      status: 'running',
      worker_token: 'y',
    })
    expect(await store.claim('fresh', 'z', new Date())).toBeUndefined()
  })

  it('sends a queued row again when nobody claimed it for a while, once per period', async () => {
    await sql`delete from held_run_probe`.execute(handle.db)
    // A message taken by a process killed before it claimed the row: the row stays queued.
    await sql`insert into held_run_probe (id, status, updated_at)
              values ('orphan', 'queued', now() - interval '1 hour')`.execute(handle.db)
    await insert('waiting')
    const store = createHeldRunStore<ProbeRow>(handle.db, TABLE, { takeover: true })
    const job = defineHeldJob({
      name: 'studio.export',
      store,
      timing: { heartbeatMs: 1_000, staleSeconds: 15, progressWriteMs: 0 },
      rowId: (p) => p.exportId,
      resume: (exportId) => ({ exportId }),
      handler: async (row, run) => {
        await finish(row.id, run.token)
      },
    })
    const sent: string[] = []
    const queue = {
      send: async (_name: string, payload: unknown) => {
        sent.push((payload as { exportId: string }).exportId)
      },
    }
    expect(await job.recoverStale(queue)).toBe(1)
    expect(sent).toEqual(['orphan'])
    // The next sweep does not send it again at once; the recently queued row is left alone.
    expect(await job.recoverStale(queue)).toBe(0)
    await job.run({ exportId: 'orphan' })
    expect(await read('orphan')).toMatchObject({ status: 'done', progress: 100 })
    expect(await read('waiting')).toMatchObject({ status: 'queued' })
  })
})
