import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

export interface Reservation {
  ledgerId: string
  workspaceId: string
  apiKeyId: string | null
  characters: number
  /** The workspace's character count before and after this debit. */
  countBefore: number
  countAfter: number
}

export type ReserveOutcome =
  | { ok: true; reservation: Reservation }
  | { ok: false; reason: 'quota_exceeded' | 'api_key_credit_limit_exceeded' }

/**
 * Credits move with conditional updates in one transaction: the count only grows when the
 * result stays within the allowance, so parallel requests can never overdraw or double-charge.
 */
export function createCreditsRepository(db: Database) {
  return {
    async reserve(input: {
      ledgerId: string
      workspaceId: string
      userId: string | null
      apiKeyId: string | null
      requestId: string
      kind: string
      characters: number
      requestHash: string | null
      /** Characters allowed above `character_limit` (the plan's extension); -1 = no limit at all. */
      allowance: number
    }): Promise<ReserveOutcome> {
      return db
        .transaction()
        .execute(async (trx) => {
          const n = input.characters
          const sub = await trx
            .updateTable('subscriptions')
            .set({ character_count: sql`character_count + ${n}`, updated_at: new Date() })
            .where('workspace_id', '=', input.workspaceId)
            .where((eb) =>
              input.allowance < 0
                ? eb.val(true)
                : eb(sql`character_count + ${n}`, '<=', sql`character_limit + ${input.allowance}`),
            )
            .returning(['character_count'])
            .executeTakeFirst()
          if (!sub) return { ok: false as const, reason: 'quota_exceeded' as const }
          if (input.apiKeyId) {
            const key = await trx
              .updateTable('api_keys')
              .set({ character_count: sql`character_count + ${n}`, last_used_at: new Date() })
              .where('id', '=', input.apiKeyId)
              .where((eb) =>
                eb.or([
                  eb('character_limit', 'is', null),
                  eb(sql`character_count + ${n}`, '<=', sql.ref('character_limit')),
                ]),
              )
              .returning(['id'])
              .executeTakeFirst()
            if (!key) throw new KeyLimitReached()
          }
          await trx
            .insertInto('credit_ledger')
            .values({
              id: input.ledgerId,
              workspace_id: input.workspaceId,
              user_id: input.userId,
              api_key_id: input.apiKeyId,
              request_id: input.requestId,
              kind: input.kind,
              characters: n,
              state: 'reserved',
              request_hash: input.requestHash,
            })
            .execute()
          return {
            ok: true as const,
            reservation: {
              ledgerId: input.ledgerId,
              workspaceId: input.workspaceId,
              apiKeyId: input.apiKeyId,
              characters: n,
              countBefore: sub.character_count - n,
              countAfter: sub.character_count,
            },
          }
        })
        .catch((error: unknown) => {
          if (error instanceof KeyLimitReached)
            return { ok: false as const, reason: 'api_key_credit_limit_exceeded' as const }
          throw error
        })
    },

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
          history_item_id: historyItemId,
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
    async release(r: Reservation): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('credit_ledger')
          .set({ state: 'released', settled_at: new Date() })
          .where('id', '=', r.ledgerId)
          .where('state', '=', 'reserved')
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) === 1) await refund(trx, r, r.characters)
      })
    },

    /** Charged requests with this hash in the window (for free regenerations). */
    async countCharged(
      workspaceId: string,
      requestHash: string,
      since: Date,
    ): Promise<{ paid: number; free: number }> {
      const rows = await db
        .selectFrom('credit_ledger')
        .select(['characters'])
        .where('workspace_id', '=', workspaceId)
        .where('request_hash', '=', requestHash)
        .where('state', '=', 'charged')
        .where('created_at', '>', since)
        .execute()
      const paid = rows.filter((r) => r.characters > 0).length
      return { paid, free: rows.length - paid }
    },

    transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn)
    },
  }
}

class KeyLimitReached extends Error {}

async function refund(trx: Transaction<DB>, r: Reservation, n: number): Promise<void> {
  if (n <= 0) return
  await trx
    .updateTable('subscriptions')
    .set({ character_count: sql`greatest(character_count - ${n}, 0)` })
    .where('workspace_id', '=', r.workspaceId)
    .execute()
  if (r.apiKeyId) {
    await trx
      .updateTable('api_keys')
      .set({ character_count: sql`greatest(character_count - ${n}, 0)` })
      .where('id', '=', r.apiKeyId)
      .execute()
  }
}

export type CreditsRepository = ReturnType<typeof createCreditsRepository>
