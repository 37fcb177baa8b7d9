import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { leaseQueries } from './credit-leases.repository.js'
import { reservationQueries } from './credit-reservations.repository.js'
import type { Counts, Reservation } from './credits-deps.js'

export type { ExpiredReservation, FreeRepeats, Reservation, ReserveOutcome } from './credits-deps.js'

/**
 * The credit ledger. Credits move with conditional updates in one transaction: the count only
 * grows when the result stays within the allowance, and a reservation is settled only while it
 * is still `reserved`, so parallel requests and a sweeper racing a live process can never
 * overdraw or charge twice.
 */
export function createCreditsRepository(db: Database, counts: Counts) {
  async function refund(trx: Transaction<DB>, r: Reservation, n: number): Promise<void> {
    if (n <= 0) return
    await counts.subtractCharacters(trx, r.workspaceId, n)
    if (r.apiKeyId) {
      await trx
        .updateTable('api_keys')
        .set({ character_count: sql`greatest(character_count - ${n}, 0)` })
        .where('id', '=', r.apiKeyId)
        .execute()
    }
  }

  return {
    ...reservationQueries(db, counts),
    ...leaseQueries(db),

    /**
     * Turns a reservation into a charge of `charged` characters (<= reserved) in the caller's
     * transaction, returning the difference to the workspace and the key. Only a reservation
     * still `reserved` is settled, so a settlement can never run twice.
     */
    async settle(
      trx: Transaction<DB>,
      r: Reservation,
      charged: number,
      historyItemId: string | null,
    ): Promise<boolean> {
      const updated = await trx
        .updateTable('credit_ledger')
        .set({
          state: 'charged',
          characters: charged,
          delivered_characters: charged,
          history_item_id: historyItemId,
          history_draft: null,
          settled_at: new Date(),
        })
        .where('id', '=', r.ledgerId)
        .where('state', '=', 'reserved')
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) return false
      await refund(trx, r, r.characters - charged)
      return true
    },

    /** Gives a reservation back in full (nothing was delivered). Idempotent. */
    async release(trx: Transaction<DB>, r: Reservation): Promise<boolean> {
      const updated = await trx
        .updateTable('credit_ledger')
        .set({ state: 'released', history_draft: null, settled_at: new Date() })
        .where('id', '=', r.ledgerId)
        .where('state', '=', 'reserved')
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) return false
      await refund(trx, r, r.characters)
      return true
    },

    characterCount: (trx: Transaction<DB>, workspaceId: string) => counts.characterCount(workspaceId, trx),

    /** Characters charged to one recording so far (the pieces of a session). */
    async chargedFor(trx: Transaction<DB>, recordingId: string): Promise<number> {
      const row = await trx
        .selectFrom('credit_ledger')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('characters'), eb.lit(0)).as('n'))
        .where('recording_id', '=', recordingId)
        .where('state', '=', 'charged')
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn)
    },
  }
}

export type CreditsRepository = ReturnType<typeof createCreditsRepository>
