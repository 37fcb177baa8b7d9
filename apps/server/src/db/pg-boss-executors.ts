import type { PGlite } from '@electric-sql/pglite'
import { CompiledQuery, type Transaction } from 'kysely'
import type PgBoss from 'pg-boss'
import type { DB } from './schema.js'

// The database side of the job queue: pg-boss's statements run through these executors, on
// the embedded PGlite instance or inside a caller's Kysely transaction.

/**
 * pg-boss on the embedded PGlite instance. pg-boss sends scripts of several statements
 * (schema creation, migrations, locked maintenance) without values; PGlite's `query` takes one
 * statement, so a script goes through `exec`, as node-postgres sends value-less text whole.
 */
export function pgliteExecutor(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values?.length) return { rows: (await pglite.query(text, values)).rows }
      try {
        const results = await pglite.exec(text)
        return { rows: results.flatMap((result) => result.rows) }
      } catch (error) {
        // A script that fails after its BEGIN leaves the one connection in an aborted
        // transaction, which would reject every later statement; a pool would drop that connection.
        await pglite.query('ROLLBACK').catch(() => undefined)
        throw error
      }
    },
  }
}

/** Runs pg-boss's statement on the caller's transaction, so the job shares its fate. */
export function transactionExecutor(trx: Transaction<DB>): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []))
      return { rows: [...result.rows] }
    },
  }
}
