import { createHash } from 'node:crypto'
import {
  FREE_REGENERATION_WINDOW_SECONDS,
  FREE_REGENERATIONS,
  isPaidTier,
  PLAN_LIMITS,
  TIERS,
  type Tier,
  TTS_MAX_CHARACTERS_FREE,
  TTS_MAX_CHARACTERS_SUBSCRIBED,
} from '@timbre/contract'
import type { Database } from '../../db/database.js'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { ConcurrencySlots } from '../concurrency/concurrency.module.js'
import type { CreditsRepository, Reservation } from './credits.repository.js'

export interface WorkspacePlan {
  tier: Tier
  status: string
  concurrency: number
  /** Characters allowed above the limit; -1 = unlimited. */
  allowance: number
  maxCharactersPerRequest: number
}

/** Characters as a person counts them (code points), not UTF-16 units. */
export function countCharacters(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

/** Spec creative section 9: 1 credit per character, 0.5 on turbo and flash; never a fraction. */
export function creditCost(characters: number, multiplier: number): number {
  return Math.ceil(characters * multiplier)
}

export function requestHash(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex')
}

export function createCreditsService(deps: {
  db: Database
  repository: CreditsRepository
  limiter: ConcurrencySlots
}) {
  const { db, repository, limiter } = deps

  async function plan(workspaceId: string): Promise<WorkspacePlan> {
    const row = await db
      .selectFrom('subscriptions')
      .select(['tier', 'status', 'character_limit'])
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow()
    const tier = (TIERS as readonly string[]).includes(row.tier) ? (row.tier as Tier) : 'free'
    const limits = PLAN_LIMITS[tier]
    const unlimited = limits.characterLimit < 0 || row.character_limit < 0
    // Spec core section 5: "Character-limit overrun: count plus requested characters exceeds the
    // limit, unless the plan can extend the limit" (extension needs an active status, section 6).
    const canExtend =
      limits.characterLimitExtension !== 0 && (row.status === 'active' || tier === 'enterprise')
    const allowance = unlimited ? -1 : canExtend ? limits.characterLimitExtension : 0
    return {
      tier,
      status: row.status,
      concurrency: limits.concurrency,
      allowance,
      maxCharactersPerRequest: isPaidTier(tier) ? TTS_MAX_CHARACTERS_SUBSCRIBED : TTS_MAX_CHARACTERS_FREE,
    }
  }

  return {
    plan,

    /** Refuses a text over the per-request maximum before anything runs. */
    checkRequestSize(p: WorkspacePlan, characters: number): void {
      if (characters > p.maxCharactersPerRequest) {
        throw new AppError('max_character_limit_exceeded', {
          message: `The text has ${characters} characters; your plan allows at most ${p.maxCharactersPerRequest} per request.`,
          param: 'text',
        })
      }
    },

    acquireSlot(workspaceId: string, p: WorkspacePlan): Promise<() => Promise<void>> {
      return limiter.acquire(workspaceId, p.concurrency)
    },

    /**
     * Reserves the cost of a request. The first `FREE_REGENERATIONS` repeats of a paid
     * request (same hash, within the window) cost nothing (spec creative section 9).
     */
    async reserve(input: {
      principal: Principal
      plan: WorkspacePlan
      requestId: string
      kind: string
      cost: number
      hash: string | null
    }): Promise<Reservation> {
      let cost = input.cost
      if (input.hash && cost > 0) {
        const since = new Date(Date.now() - FREE_REGENERATION_WINDOW_SECONDS * 1000)
        const seen = await repository.countCharged(input.principal.workspaceId, input.hash, since)
        if (seen.paid > 0 && seen.free < FREE_REGENERATIONS) cost = 0
      }
      const outcome = await repository.reserve({
        ledgerId: newId(),
        workspaceId: input.principal.workspaceId,
        userId: input.principal.userId,
        apiKeyId: input.principal.apiKey?.id ?? null,
        requestId: input.requestId,
        kind: input.kind,
        characters: cost,
        requestHash: input.hash,
        allowance: input.plan.allowance,
      })
      if (!outcome.ok) {
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

    settle: repository.settle,
    release: repository.release,

    /**
     * A generation that broke off: nothing delivered gives the reservation back; otherwise the
     * caller pays for the share of the text that reached it ("charge exactly what was delivered").
     */
    async settleBrokenOff(
      reservation: Reservation,
      deliveredCharacters: number,
      text: string,
    ): Promise<void> {
      if (deliveredCharacters <= 0) return repository.release(reservation)
      const total = Math.max(1, countCharacters(text))
      const charged = Math.min(
        reservation.characters,
        Math.ceil((reservation.characters * deliveredCharacters) / total),
      )
      await repository.transaction((trx) => repository.settle(trx, reservation, charged, null))
    },
    transaction: repository.transaction,
  }
}

export type CreditsService = ReturnType<typeof createCreditsService>
