import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { Kysely, Migrator, PostgresDialect } from 'kysely'
import pg from 'pg'
import { createDatabaseInChild } from './create-in-child.js'
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
  /** Embedded mode: PostgreSQL's page cache inside the process, in MB. */
  sharedBuffersMb?: number
}

/**
 * The embedded database's page cache. PostgreSQL's default (128 MB) is sized for a server
 * with many connections; PGlite has one, its WASM heap zeroes the whole cache at start (so it
 * all counts as resident memory), and the operating system caches the data directory's files
 * anyway. 16 MB holds the hot tables of a small deployment.
 */
export const EMBEDDED_SHARED_BUFFERS_MB = 16

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
  const inMemory = dataDir.startsWith('memory://')
  if (!inMemory) mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const initialises = !options.loadDataDir && (inMemory || !existsSync(join(dataDir, 'PG_VERSION')))
  const pglite = new PGlite({
    dataDir,
    loadDataDir: options.loadDataDir,
    parsers: { [INT8_OID]: parseInt8 },
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${options.sharedBuffersMb ?? EMBEDDED_SHARED_BUFFERS_MB}MB`,
    ],
  })
  await pglite.waitReady
  if (initialises) collectGarbage()
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

/**
 * A new embedded database is made by a second PGlite instance (initdb) whose WASM heap, some
 * hundreds of MB, is garbage once it closes; a server at rest allocates too little to trigger a
 * collection, so that memory would stay resident until the first busy minutes. One full
 * collection right after the database opens returns it.
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  gc()
}

export function embeddedDataDir(dataDir: string): string {
  return join(dataDir, 'pglite')
}

/** Runs the migrations the database has not run yet; returns how many ran. */
export async function migrateToLatest(db: Database): Promise<number> {
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
  return results?.length ?? 0
}

/**
 * Opens the database from the server's settings and brings it to the latest schema. The
 * embedded database's WASM heap only grows: creating a new database's hundreds of tables leaves
 * it some 100 MB larger than serving needs, for as long as the process runs. So a new database
 * kept on disk is created and migrated in a child process, and the server opens the result; and
 * after migrations ran in this process (an upgrade), it is closed and opened again, which starts
 * a fresh heap (a second or so, once per upgrade).
 */
export async function openMigratedDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const dataDir = options.dataDir ?? 'memory://'
  const onDisk = !options.databaseUrl && !dataDir.startsWith('memory://')
  if (onDisk && !options.loadDataDir && !existsSync(join(dataDir, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    await createDatabaseInChild({ dataDir, sharedBuffersMb: options.sharedBuffersMb })
  }
  const database = await openDatabase(options)
  const ran = await migrateToLatest(database.db)
  if (ran === 0 || !onDisk) return database
  await database.close()
  collectGarbage()
  return openDatabase(options)
}
