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

export type Counts = SubscriptionCounter
