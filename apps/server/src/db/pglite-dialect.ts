import type { PGlite, Transaction } from '@electric-sql/pglite'
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely'

// PGlite has one connection. Kysely's built-in PGlite driver hands that connection to every
// caller at once, so a plain query issued while another request's transaction is open runs
// *inside* that transaction (and is rolled back with it). This driver gives the connection to
// one caller at a time: a transaction holds it until commit or rollback, and runs inside
// PGlite's own `transaction()`, which also keeps pg-boss (sharing the instance) out of it.
// kysely-pglite issues raw BEGIN/COMMIT on the shared connection without such a lock, so a
// rolled-back row could be committed by a concurrent transaction; hence this driver.

class Mutex {
  #tail: Promise<void> = Promise.resolve()

  async lock(): Promise<() => void> {
    let release!: () => void
    const next = new Promise<void>((r) => {
      release = r
    })
    const previous = this.#tail
    this.#tail = previous.then(() => next)
    await previous
    return release
  }
}

class PGliteConnection implements DatabaseConnection {
  #tx: Transaction | undefined
  #finish: ((commit: boolean) => void) | undefined
  #done: Promise<unknown> | undefined

  constructor(readonly pg: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const runner = this.#tx ?? this.pg
    const result = await runner.query<R>(query.sql, query.parameters as unknown[], { rowMode: 'object' })
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    }
  }

  // biome-ignore lint/correctness/useYield: PGlite cannot stream; Kysely requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite.')
  }

  async begin(): Promise<void> {
    let started!: () => void
    const ready = new Promise<void>((r) => {
      started = r
    })
    this.#done = this.pg.transaction(async (tx) => {
      this.#tx = tx
      started()
      const commit = await new Promise<boolean>((r) => {
        this.#finish = r
      })
      if (!commit) await tx.rollback()
    })
    // A failing BEGIN rejects #done before `started` runs.
    await Promise.race([ready, this.#done])
  }

  async end(commit: boolean): Promise<void> {
    this.#finish?.(commit)
    try {
      await this.#done
    } finally {
      this.#tx = undefined
      this.#finish = undefined
      this.#done = undefined
    }
  }
}

class PGliteDriver implements Driver {
  readonly #mutex = new Mutex()
  readonly #connection: PGliteConnection
  #release: (() => void) | undefined

  constructor(pg: PGlite) {
    this.#connection = new PGliteConnection(pg)
  }

  async init(): Promise<void> {
    await this.#connection.pg.waitReady
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#release = await this.#mutex.lock()
    return this.#connection
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release
    this.#release = undefined
    release?.()
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).begin()
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(true)
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).end(false).catch(() => undefined)
  }

  async destroy(): Promise<void> {
    // The PGlite instance belongs to the caller (the queue uses it too).
  }
}

export class SerializedPGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver() {
    return new PGliteDriver(this.pg)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's introspector takes any database shape.
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db)
  }
}
