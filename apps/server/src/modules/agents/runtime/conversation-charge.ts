import {
  CONVAI_DEVELOPMENT_DISCOUNT,
  CONVAI_RESERVATION_SECONDS,
  convaiCreditsPerMinute,
  type Tier,
} from '@timbre/contract'
import type { Principal } from '../../../plugins/auth.js'
import type { WorkspacePlan } from '../../billing/billing.module.js'
import type { CreditsPorts, Reservation } from '../../credits/credits.module.js'

// A live conversation's credits, by the second at the plan's price per minute, through the one
// credits ledger. Credits are reserved a block of minutes at a time under this process's lease;
// the seconds used are written to the reservation as the call goes on (its delivered count), so
// a process killed mid-call leaves a reservation the recording sweeper settles for the seconds
// last written, once. A call that ends settles its last block for what it used, or releases it.
// A call in development (the agent's playground) is charged at the development discount.

export type ConversationLedger = Pick<
  CreditsPorts,
  'reserve' | 'recordDelivered' | 'settle' | 'release' | 'transaction'
>

export interface ChargeDeps {
  credits: ConversationLedger
  plan(workspaceId: string): Promise<WorkspacePlan>
}

export function creditsForSeconds(tier: Tier, seconds: number, development = false): number {
  const perMinute = convaiCreditsPerMinute(tier) * (development ? 1 - CONVAI_DEVELOPMENT_DISCOUNT : 1)
  return Math.round((seconds * perMinute) / 60)
}

export class ConversationCharge {
  private plan: WorkspacePlan | null = null
  private block: { reservation: Reservation; from: number } | null = null
  /** Credits of the blocks already settled in full. */
  private settledCredits = 0
  private seconds = 0
  private done = false

  constructor(
    private readonly deps: ChargeDeps,
    private readonly payer: Pick<Principal, 'workspaceId' | 'userId'>,
    private readonly conversationId: string,
    /** Charged at the development discount. */
    readonly development = false,
  ) {}

  /** Reserves the first block; refuses the call (quota_exceeded) when the credits are not there. */
  async open(): Promise<void> {
    this.plan = await this.deps.plan(this.payer.workspaceId)
    await this.reserveFrom(0)
  }

  private async reserveFrom(from: number): Promise<void> {
    const plan = this.plan as WorkspacePlan
    const reservation = await this.deps.credits.reserve({
      principal: { ...this.payer, email: '', emailVerified: true, via: 'api_key' },
      plan,
      requestId: this.conversationId,
      kind: 'conversational-ai',
      cost: creditsForSeconds(plan.tier, CONVAI_RESERVATION_SECONDS, this.development),
      hash: null,
      recordingId: null,
    })
    this.block = { reservation, from }
  }

  /** Credits owed for the call so far. */
  get credits(): number {
    return this.plan ? creditsForSeconds(this.plan.tier, this.seconds, this.development) : 0
  }

  /** The call has lasted this long: written to the ledger (a crash charges this much). */
  async progress(seconds: number): Promise<void> {
    if (this.done || !this.block || !this.plan) return
    this.seconds = Math.max(this.seconds, seconds)
    if (this.seconds >= this.block.from + CONVAI_RESERVATION_SECONDS) {
      // The block is used up: charged in full, and the next one reserved.
      const full = this.block
      await this.deps.credits.transaction((trx) =>
        this.deps.credits.settle(trx, full.reservation, full.reservation.characters, null),
      )
      this.settledCredits += full.reservation.characters
      this.block = null
      await this.reserveFrom(full.from + CONVAI_RESERVATION_SECONDS)
    }
    const block = this.block as { reservation: Reservation } | null
    if (block) await this.deps.credits.recordDelivered(block.reservation.ledgerId, this.blockOwed())
  }

  private blockOwed(): number {
    if (!this.block) return 0
    return Math.max(0, Math.min(this.block.reservation.characters, this.credits - this.settledCredits))
  }

  /** Settles the open block for the seconds used (or releases it); returns the call's credits. */
  async close(seconds: number): Promise<number> {
    if (this.done) return this.credits
    this.done = true
    this.seconds = Math.max(this.seconds, seconds)
    const block = this.block
    if (!block) return this.settledCredits
    const owed = this.blockOwed()
    await this.deps.credits.transaction(async (trx) => {
      if (owed > 0) await this.deps.credits.settle(trx, block.reservation, owed, null)
      else await this.deps.credits.release(trx, block.reservation)
    })
    return this.settledCredits + owed
  }
}
