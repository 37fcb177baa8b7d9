import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../test/helpers/test-database.js'
import type { DatabaseHandle } from './database.js'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await createTestDatabase()
  await sql`create table iso_test (id int primary key, v text)`.execute(handle.db)
})
afterAll(() => handle?.close())

// On PGlite's single shared connection a row written by a transaction that rolls back must
// never be committed, and a query outside the transaction must not run inside it.
describe('transactions on the shared connection', () => {
  it('a plain query issued during another transaction does not join it', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => {
      release = r
    })
    const failing = handle.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('iso_test' as never)
          .values({ id: 1, v: 'rolled back' } as never)
          .execute()
        await gate
        throw new Error('roll back')
      })
      .catch(() => 'rolled back')
    // Issued while the transaction is open; must wait for it and then commit on its own.
    const outside = sql`insert into iso_test values (2, 'outside')`.execute(handle.db)
    await new Promise((r) => setTimeout(r, 50))
    release()
    expect(await failing).toBe('rolled back')
    await outside
    const rows = await sql<{ id: number }>`select id from iso_test order by id`.execute(handle.db)
    expect(rows.rows.map((r) => r.id)).toEqual([2])
  })

  it('concurrent transactions are isolated and both commit', async () => {
    await Promise.all(
      [10, 11, 12].map((id) =>
        handle.db.transaction().execute(async (trx) => {
          await sql`insert into iso_test values (${id}, 'tx')`.execute(trx)
          await new Promise((r) => setTimeout(r, 10))
        }),
      ),
    )
    const rows = await sql<{ n: number }>`select count(*)::int as n from iso_test where v = 'tx'`.execute(
      handle.db,
    )
    expect(rows.rows[0]?.n).toBe(3)
  })
})
