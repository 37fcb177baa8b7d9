import { sql } from 'kysely'
import type { Database } from '../../db/database.js'
import type { ExpiredReservation } from './credits-deps.js'

/** The leases of open reservations: what was delivered, the history draft, renewal and expiry. */
export function leaseQueries(db: Database) {
  return {
    /** Credits due for the audio delivered so far; kept so a crash charges no more than that. */
    async recordDelivered(ledgerId: string, characters: number): Promise<void> {
      await db
        .updateTable('credit_ledger')
        .set({ delivered_characters: characters })
        .where('id', '=', ledgerId)
        .where('state', '=', 'reserved')
        .execute()
    },

    /** The history item to write if this process dies before its settlement commits. */
    async keepHistoryDraft(ledgerIds: string[], draft: string): Promise<void> {
      if (ledgerIds.length === 0) return
      await db
        .updateTable('credit_ledger')
        .set({ history_draft: draft })
        .where('id', 'in', ledgerIds)
        .where('state', '=', 'reserved')
        .execute()
    },

    /** Extends the leases of every open reservation of one process (its heartbeat). */
    async renewLeases(ownerId: string, leaseSeconds: number): Promise<number> {
      const updated = await db
        .updateTable('credit_ledger')
        .set({ lease_expires_at: sql<Date>`now() + ${leaseSeconds} * interval '1 second'` })
        .where('owner_id', '=', ownerId)
        .where('state', '=', 'reserved')
        .executeTakeFirst()
      return Number(updated.numUpdatedRows)
    },

    /** Open reservations whose lease ran out, never those of `exceptOwner` (a live process). */
    async findExpired(exceptOwner: string, limit: number): Promise<ExpiredReservation[]> {
      const rows = await db
        .selectFrom('credit_ledger')
        .select([
          'id',
          'workspace_id',
          'api_key_id',
          'characters',
          'recording_id',
          'delivered_characters',
          'history_draft',
        ])
        .where('state', '=', 'reserved')
        .where('lease_expires_at', '<', sql<Date>`now()`)
        .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '!=', exceptOwner)]))
        .orderBy('created_at')
        .limit(limit)
        .execute()
      return rows.map((r) => ({
        ledgerId: r.id,
        workspaceId: r.workspace_id,
        apiKeyId: r.api_key_id,
        characters: r.characters,
        countBefore: 0,
        countAfter: 0,
        recordingId: r.recording_id,
        deliveredCharacters: r.delivered_characters,
        historyDraft: r.history_draft,
      }))
    },
  }
}
