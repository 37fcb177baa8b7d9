import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../src/db/database.js'
import { newId } from '../../src/lib/ids.js'

/**
 * A fresh, migrated database for one test file: PGlite loaded from the migrated template,
 * or, when DATABASE_URL is set (CI's second run), a new database on that PostgreSQL server.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    const dump = readFileSync(inject('pgliteTemplate'))
    return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([dump]) })
  }
  const name = `timbre_test_${newId(12).toLowerCase()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  const template = inject('postgresTemplate')
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ databaseUrl: url.toString() })
  if (!template) await migrateToLatest(handle.db)
  return {
    ...handle,
    close: async () => {
      await handle.close()
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      // Pools end their connections asynchronously; a forced drop while one is still closing
      // kills it mid-goodbye and its client reports an uncaught error. Wait for them first.
      for (let tries = 0; tries < 50; tries++) {
        const open = await cleanup.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        )
        if (open.rows[0]?.n === 0) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}
