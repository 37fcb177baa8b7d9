import { sql } from 'kysely'
import type { Database } from '../../db/database.js'

/** `current`: live leases before this take (so `current + 1` are held once it succeeds). */
export type TakeOutcome = { ok: true; current: number } | { ok: false; current: number }

// Times come from the database clock (`clock_timestamp()`, the real time of each statement, not
// the transaction's start), so replicas with drifting clocks agree on which leases are live.
const expiresIn = (ms: number) => sql<Date>`clock_timestamp() + ${ms} * interval '1 millisecond'`
const now = sql<Date>`clock_timestamp()`

/** Concurrency leases: one row per held slot, shared by every process on the database. */
export function createConcurrencyRepository(db: Database) {
  return {
    /**
     * Counts the workspace's live leases and inserts one more if the count is under `maximum`,
     * atomically across processes. A transaction-scoped advisory lock on the workspace orders
     * takers; it is taken in its own statement so that, on READ COMMITTED, the count that
     * follows runs on a fresh snapshot that already sees every lease committed by the takers
     * before it (they commit, and so release the lock, before this one proceeds).
     */
    async take(input: {
      id: string
      workspaceId: string
      holder: string
      maximum: number
      leaseMs: number
    }): Promise<TakeOutcome> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtextextended(${`timbre.concurrency:${input.workspaceId}`}, 0))`.execute(
          trx,
        )
        // One statement for the rest (fewer round trips before a generation starts): expired
        // leases go, the live ones are counted, and a new one is inserted only under the maximum.
        // An unreferenced data-modifying WITH still runs; the count skips expired rows itself.
        const { rows } = await sql<{ current: number; taken: number }>`
          with expired as (
            delete from concurrency_leases
            where workspace_id = ${input.workspaceId} and expires_at <= ${now}
          ), live as (
            select count(*)::int as n from concurrency_leases
            where workspace_id = ${input.workspaceId} and expires_at > ${now}
          ), taken as (
            insert into concurrency_leases (id, workspace_id, holder, expires_at)
            select ${input.id}, ${input.workspaceId}, ${input.holder}, ${expiresIn(input.leaseMs)}
            from live where n < ${input.maximum}
            returning id
          )
          select (select n from live) as current, (select count(*)::int from taken) as taken
        `.execute(trx)
        const outcome = rows[0]!
        if (Number(outcome.taken) !== 1) return { ok: false as const, current: Number(outcome.current) }
        return { ok: true as const, current: Number(outcome.current) }
      })
    },

    /**
     * Pushes back the expiry of the given live leases of one holder; returns the ids still held.
     * A lease that already expired stays expired: its slot may have been given to someone else.
     */
    async renew(holder: string, ids: string[], leaseMs: number): Promise<string[]> {
      if (ids.length === 0) return []
      const rows = await db
        .updateTable('concurrency_leases')
        .set({ expires_at: expiresIn(leaseMs) })
        .where('holder', '=', holder)
        .where('id', 'in', ids)
        .where('expires_at', '>', now)
        .returning('id')
        .execute()
      return rows.map((r) => r.id)
    },

    async release(id: string): Promise<void> {
      await db.deleteFrom('concurrency_leases').where('id', '=', id).execute()
    },

    async releaseAll(holder: string): Promise<void> {
      await db.deleteFrom('concurrency_leases').where('holder', '=', holder).execute()
    },

    /** Removes every expired lease (of any holder, including dead processes). */
    async purgeExpired(): Promise<number> {
      const result = await db
        .deleteFrom('concurrency_leases')
        .where('expires_at', '<=', now)
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    async countLive(workspaceId: string): Promise<number> {
      const { live } = await db
        .selectFrom('concurrency_leases')
        .select((eb) => eb.fn.countAll<number>().as('live'))
        .where('workspace_id', '=', workspaceId)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow()
      return Number(live)
    },
  }
}

export type ConcurrencyRepository = ReturnType<typeof createConcurrencyRepository>
