import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabaseInChild } from './create-in-child.js'
import { EMBEDDED_SHARED_BUFFERS_MB, openDatabase, openMigratedDatabase } from './database.js'
import { migrations } from './migrations/index.js'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('the embedded database', () => {
  it('runs with a small page cache by default and the one it is given', async () => {
    const small = await openDatabase({ dataDir: 'memory://' })
    const larger = await openDatabase({ dataDir: 'memory://', sharedBuffersMb: 24 })
    try {
      const show = async (handle: typeof small) =>
        (await sql<{ shared_buffers: string }>`show shared_buffers`.execute(handle.db)).rows[0]
          ?.shared_buffers
      expect(await show(small)).toBe(`${EMBEDDED_SHARED_BUFFERS_MB}MB`)
      expect(await show(larger)).toBe('24MB')
    } finally {
      await small.close()
      await larger.close()
    }
  })

  it('on disk: reopened after migrating a new database, with every migration and its data kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'timbre-db-test-'))
    dirs.push(dir)
    const dataDir = join(dir, 'pglite')
    const first = await openMigratedDatabase({ dataDir })
    const ran = async (handle: typeof first) =>
      Number(
        (await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(handle.db)).rows[0]
          ?.n,
      )
    try {
      expect(await ran(first)).toBe(Object.keys(migrations).length)
      // The handle is the reopened instance: it works, and the session's settings are fresh.
      await sql`create table reopen_probe (id int primary key)`.execute(first.db)
      await sql`insert into reopen_probe values (1)`.execute(first.db)
    } finally {
      await first.close()
    }
    const again = await openMigratedDatabase({ dataDir })
    try {
      expect(await ran(again)).toBe(Object.keys(migrations).length)
      const rows = await sql<{ id: number }>`select id from reopen_probe`.execute(again.db)
      expect(rows.rows).toEqual([{ id: 1 }])
    } finally {
      await again.close()
    }
  }, 120_000)

  it('a new database is created and migrated by a child process, which reports its failure', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'timbre-db-child-'))
    dirs.push(dir)
    const dataDir = join(dir, 'pglite')
    expect(await createDatabaseInChild({ dataDir, sharedBuffersMb: 16 })).toBe(true)
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true)
    // This process never opened it before: every migration is already there.
    const opened = await openDatabase({ dataDir })
    try {
      const rows = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(
        opened.db,
      )
      expect(rows.rows[0]?.n).toBe(Object.keys(migrations).length)
    } finally {
      await opened.close()
    }
    // A data directory that is a file: the child fails, and says so.
    const notADir = join(dir, 'a-file')
    writeFileSync(notADir, 'x')
    await expect(createDatabaseInChild({ dataDir: notADir })).rejects.toThrow(
      /Creating the embedded database failed/,
    )
  }, 120_000)
})
