import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDatabase } from '../../test/helpers/test-database.js'
import type { DatabaseHandle } from '../db/database.js'
import { type JobQueue, startQueue } from './queue.js'

let handle: DatabaseHandle
let queue: JobQueue
beforeAll(async () => {
  handle = await createTestDatabase()
  queue = await startQueue(handle)
})
afterAll(async () => {
  await queue?.stop()
  await handle?.close()
})

const count = async () =>
  Number(
    (
      await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'email.send'`.execute(
        handle.db,
      )
    ).rows[0]?.n,
  )

it('a job sent inside a transaction, with no worker running, is enqueued on commit and dropped on rollback', async () => {
  const before = await count()
  await handle.db.transaction().execute(async (trx) => {
    await queue.send('email.send', { messageId: 'committed' }, { trx })
  })
  expect(await count()).toBe(before + 1)
  await handle.db
    .transaction()
    .execute(async (trx) => {
      await queue.send('email.send', { messageId: 'rolled-back' }, { trx })
      throw new Error('roll back')
    })
    .catch(() => undefined)
  expect(await count()).toBe(before + 1)
})

it('refuses to start on queue tables made by a newer pg-boss', async () => {
  await sql`update pgboss.version set version = version + 1`.execute(handle.db)
  try {
    await expect(startQueue(handle)).rejects.toThrow(/made by a newer pg-boss/)
  } finally {
    await sql`update pgboss.version set version = version - 1`.execute(handle.db)
  }
})

it('wakes its worker when a job is sent and again when a retry comes due, without waiting for the idle poll', async () => {
  const seen: Array<{ at: number; retry: number }> = []
  let failed = false
  await queue.work('webhook.deliver', async ({ deliveryId }, meta) => {
    if (deliveryId !== 'wake-test') return
    seen.push({ at: Date.now(), retry: meta.retryCount })
    if (!failed) {
      failed = true
      throw new Error('first attempt fails')
    }
  })
  // Let the worker's first poll find the queue empty, so what follows waits on a wake-up.
  await new Promise((r) => setTimeout(r, 300))
  const sentAt = Date.now()
  await handle.db.transaction().execute(async (trx) => {
    await queue.send('webhook.deliver', { deliveryId: 'wake-test' }, { trx })
  })
  const deadline = Date.now() + 8000
  while (seen.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  expect(seen.map((s) => s.retry)).toEqual([0, 1])
  // The first attempt right after the send (PostgreSQL polls every second; the embedded
  // database only every 30 s), the retry within its backoff window of 1-2 s, plus the wake-up's slack.
  expect(seen[0]!.at - sentAt).toBeLessThan(1200)
  expect(seen[1]!.at - seen[0]!.at).toBeLessThan(2600)
  expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(900)
})
