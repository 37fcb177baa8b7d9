import { FREE_REGENERATION_WINDOW_SECONDS, FREE_REGENERATIONS } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { WorkspacePlan } from '../billing/billing.module.js'
import type { ConcurrencySlots, HeldSlot } from '../concurrency/concurrency.module.js'
import type { CreditsRepository, Reservation } from './credits.repository.js'

/** Characters as a person counts them (code points), not UTF-16 units. */
export function countCharacters(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

/** One credit per character (half on the turbo and flash models); never a fraction. */
export function creditCost(characters: number, multiplier: number): number {
  return Math.ceil(characters * multiplier)
}

/**
 * What a generation that broke off owes: the share of its reservation that the delivered
 * characters are of its text, rounded up, never more than reserved.
 */
export function deliveredCharge(
  reserved: number,
  deliveredCharacters: number,
  textCharacters: number,
): number {
  if (deliveredCharacters <= 0) return 0
  const total = Math.max(1, textCharacters)
  return Math.min(reserved, Math.ceil((reserved * deliveredCharacters) / total))
}

export function createCreditsService(deps: {
  repository: CreditsRepository
  limiter: ConcurrencySlots
  /** This process, as the owner of the reservations it makes. */
  ownerId: string
  leaseSeconds: number
}) {
  const { repository, limiter } = deps

  return {
    /** A concurrency slot of the workspace; the returned function gives it back. */
    acquireSlot(workspaceId: string, p: WorkspacePlan): Promise<HeldSlot> {
      return limiter.acquire(workspaceId, p.concurrency)
    },

    /**
     * Reserves the cost of a request under this process's lease. The first
     * `FREE_REGENERATIONS` repeats of a paid request (same hash, within the window) cost nothing.
     */
    async reserve(input: {
      principal: Principal
      plan: WorkspacePlan
      requestId: string
      kind: string
      cost: number
      hash: string | null
      recordingId: string | null
    }): Promise<Reservation> {
      const outcome = await repository.reserve({
        ledgerId: newId(),
        workspaceId: input.principal.workspaceId,
        userId: input.principal.userId,
        apiKeyId: input.principal.apiKey?.id ?? null,
        requestId: input.requestId,
        kind: input.kind,
        characters: input.cost,
        requestHash: input.hash,
        freeRepeats: {
          since: new Date(Date.now() - FREE_REGENERATION_WINDOW_SECONDS * 1000),
          allowed: FREE_REGENERATIONS,
        },
        allowance: input.plan.allowance,
        ownerId: deps.ownerId,
        leaseSeconds: deps.leaseSeconds,
        recordingId: input.recordingId,
      })
      if (!outcome.ok) {
        const cost = outcome.characters
        // Both are the public API's quota error (401 quota_exceeded); the message says which
        // limit was reached, so a key's own limit is not mistaken for wrong credentials.
        throw new AppError('quota_exceeded', {
          message:
            outcome.reason === 'quota_exceeded'
              ? `This request needs ${cost} credits, more than your workspace has left. Please upgrade to continue generating.`
              : `This API key has reached its credit limit: this request needs ${cost} credits, more than the key's limit allows. Raise the key's credit limit or use another key.`,
        })
      }
      return outcome.reservation
    },

    /** Charges `charged` (<= reserved) and gives the rest back; only while still reserved. */
    settle: repository.settle,
    /** Gives everything back; only while still reserved. */
    release: repository.release,
    /** The workspace's character count, read in the settlement's transaction. */
    characterCount: (trx: Transaction<DB>, workspaceId: string) =>
      repository.characterCount(trx, workspaceId),

    recordDelivered: repository.recordDelivered,
    keepHistoryDraft: repository.keepHistoryDraft,
    chargedFor: repository.chargedFor,
    findExpired: (limit: number) => repository.findExpired(deps.ownerId, limit),
    renewLeases: () => repository.renewLeases(deps.ownerId, deps.leaseSeconds),
    transaction: repository.transaction,
  }
}

export type CreditsService = ReturnType<typeof createCreditsService>
