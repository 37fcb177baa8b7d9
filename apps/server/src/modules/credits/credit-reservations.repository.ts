import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { Counts, FreeRepeats, ReserveOutcome } from './credits-deps.js'

/** Reserving credits: the debit of the workspace and the key, and the ledger row that records it. */
export function reservationQueries(db: Database, counts: Counts) {
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
