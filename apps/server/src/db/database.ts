import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { Kysely, Migrator, PostgresDialect } from 'kysely'
import pg from 'pg'
import { makePrivate } from './data-dir.js'
import { migrations } from './migrations/index.js'
import { SerializedPGliteDialect } from './pglite-dialect.js'
import type { DB } from './schema.js'

const INT8_OID = 20
const parseInt8 = (value: string) => Number(value)

export type Database = Kysely<DB>

/** The database and what the job queue needs to share it. */
export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  /** Set in embedded mode: the queue runs on the same instance. */
  pglite?: PGlite
  /** Set in server mode: the queue opens its own pool on the same URL. */
  url?: string
  close(): Promise<void>
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined
  /** Embedded mode: PGlite's data directory; `memory://` keeps it in memory. */
  dataDir?: string
  /** Embedded mode: start from a dump (tests load a migrated template this way). */
  loadDataDir?: Blob
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 20,
      types: {
        getTypeParser: ((oid: number, format?: 'text') =>
          oid === INT8_OID
            ? parseInt8
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    })
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
    return { db, kind: 'postgres', url: options.databaseUrl, close: () => db.destroy() }
  }
  const dataDir = options.dataDir ?? 'memory://'
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const pglite = new PGlite({
    dataDir,
    loadDataDir: options.loadDataDir,
    parsers: { [INT8_OID]: parseInt8 },
    extensions: { pg_trgm },
  })
  await pglite.waitReady
  // PGlite unpacks a new database with explicit 0666 modes (a chmod that ignores the umask);
  // files it creates later honour the umask, so one pass after opening makes all of it private.
  if (!dataDir.startsWith('memory://')) makePrivate(dataDir)
  const db = new Kysely<DB>({ dialect: new SerializedPGliteDialect(pglite) })
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy()
      await pglite.close()
    },
  }
}

export function embeddedDataDir(dataDir: string): string {
  return join(dataDir, 'pglite')
}

export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Domains are built in parallel and their migrations touch separate tables, so one that
    // lands with an earlier name than a migration a database already ran is still applied.
    allowUnorderedMigrations: true,
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`)
  }
}
