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
