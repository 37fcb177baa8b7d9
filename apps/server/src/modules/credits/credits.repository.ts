import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { SubscriptionCounter } from '../billing/billing.module.js'

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
  | { ok: false; reason: 'quota_exceeded' | 'api_key_credit_limit_exceeded'; characters: number }

/** Free repeats of a paid request: how many are allowed within the window since `since`. */
export interface FreeRepeats {
  since: Date
  allowed: number
}

/** A reservation whose owner stopped renewing its lease (the process died). */
export interface ExpiredReservation extends Reservation {
  recordingId: string | null
  deliveredCharacters: number
  historyDraft: unknown
}

type Counts = SubscriptionCounter

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
    async reserve(input: {
      ledgerId: string
      workspaceId: string
      userId: string | null
      apiKeyId: string | null
      requestId: string
      kind: string
      characters: number
      requestHash: string | null
      /** With a request hash: the first repeats of a paid request within the window are free. */
      freeRepeats?: FreeRepeats
      /** Characters allowed above `character_limit` (the plan's extension); -1 = no limit at all. */
      allowance: number
      ownerId: string
      leaseSeconds: number
      recordingId: string | null
    }): Promise<ReserveOutcome> {
      return db
        .transaction()
        .execute(async (trx) => {
          const n = await costOf(trx, input)
          const count = await counts.addCharacters(trx, input.workspaceId, n, input.allowance)
          if (count === null) return { ok: false as const, reason: 'quota_exceeded' as const, characters: n }
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
            if (!key) throw new KeyLimitReached(n)
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
              owner_id: input.ownerId,
              lease_expires_at: sql<Date>`now() + ${input.leaseSeconds} * interval '1 second'`,
              recording_id: input.recordingId,
            })
            .execute()
          return {
            ok: true as const,
            reservation: {
              ledgerId: input.ledgerId,
              workspaceId: input.workspaceId,
              apiKeyId: input.apiKeyId,
              characters: n,
              countBefore: count - n,
              countAfter: count,
            },
          }
        })
        .catch((error: unknown) => {
          if (error instanceof KeyLimitReached)
            return {
              ok: false as const,
              reason: 'api_key_credit_limit_exceeded' as const,
              characters: error.characters,
            }
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

class KeyLimitReached extends Error {
  constructor(readonly characters: number) {
    super('api key credit limit reached')
  }
}

/**
 * The cost of a reservation, free when it repeats a paid request whose free repeats are not
 * used up. Counting the earlier repeats and inserting this one happen under one lock per
 * workspace and request, held to the end of the transaction, so requests sent at once are
 * counted one after another: free repeats still in flight count as taken, and the paid
 * request counts once it is charged.
 */
async function costOf(
  trx: Transaction<DB>,
  input: { workspaceId: string; characters: number; requestHash: string | null; freeRepeats?: FreeRepeats },
): Promise<number> {
  const { requestHash: hash, freeRepeats: free } = input
  if (!hash || !free || input.characters <= 0) return input.characters
  await sql`select pg_advisory_xact_lock(hashtextextended(${`${input.workspaceId}:${hash}`}, 0))`.execute(trx)
  const rows = await trx
    .selectFrom('credit_ledger')
    .select(['characters', 'state'])
    .where('workspace_id', '=', input.workspaceId)
    .where('request_hash', '=', hash)
    .where('state', 'in', ['charged', 'reserved'])
    .where('created_at', '>', free.since)
    .execute()
  const paid = rows.filter((r) => r.state === 'charged' && r.characters > 0).length
  const taken = rows.filter((r) => r.characters === 0).length
  return paid > 0 && taken < free.allowed ? 0 : input.characters
}

export type CreditsRepository = ReturnType<typeof createCreditsRepository>
