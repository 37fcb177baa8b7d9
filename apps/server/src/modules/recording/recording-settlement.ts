import { joinAudio } from '@timbre/speech'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import type { FileStorage } from '../../lib/storage.js'
import type { RecordingInput } from '../../platform/generation/recorder.js'
import type { BillingPorts } from '../billing/billing.module.js'
import { type CreditsService, deliveredCharge, type Reservation } from '../credits/credits.module.js'
import type { NewHistoryItem } from '../history/history.module.js'
import type { KeptSnapshot } from './kept-audio.js'

// How a recording is paid for: its reservations settled (in full, or for what was delivered)
// together with its history item, or charged without one when the audio cannot be kept.

export interface RecordingDeps {
  billing: Pick<BillingPorts, 'plan' | 'checkRequestSize'>
  credits: CreditsService
  history: { insert(trx: Transaction<DB>, item: NewHistoryItem): Promise<void> }
  storage: FileStorage
}

export interface Held {
  reservation: Reservation
  text: string
  /** What the price covers: the text's characters, or seconds of audio. */
  units: number
  deliveredUnits: number
}

/** One recording as its settlement sees it: the reservations it holds and its ids. */
export interface Settlement {
  deps: RecordingDeps
  input: RecordingInput
  historyItemId: string | null
  recordingId: string
  held: Held[]
}

/** A settlement lost to the sweeper (this process's lease ran out): its result stands. */
export class AlreadySettled extends Error {}

/** Where a history item's audio lives. */
export function historyStorageKey(workspaceId: string, historyItemId: string, extension: string): string {
  return `history/${workspaceId}/${historyItemId}.${extension}`
}

export const owedFor = (h: Held): number =>
  deliveredCharge(h.reservation.characters, h.deliveredUnits, h.units)

/** The history item the recording leaves, stored under `key`. */
function historyRow(
  ctx: Settlement,
  text: string,
  audio: { bytes: number; seconds: number; alignment: unknown },
  key: string,
): NewHistoryItem {
  const { input, held, historyItemId } = ctx
  const { principal, format } = input
  const h = input.history!
  const first = held[0]?.reservation
  const item: NewHistoryItem = {
    id: historyItemId!,
    workspace_id: principal.workspaceId,
    user_id: principal.userId,
    api_key_id: principal.apiKey?.id ?? null,
    request_id: input.requestId,
    voice_id: h.voiceId,
    voice_name: h.voiceName,
    voice_category: h.voiceCategory,
    model_id: h.modelId,
    text,
    dialogue: h.dialogue ? JSON.stringify(h.dialogue) : null,
    settings: JSON.stringify(h.settings ?? null),
    source: h.source,
    output_format: format.id,
    content_type: format.contentType,
    storage_key: key,
    size_bytes: audio.bytes,
    duration_seconds: audio.seconds,
    // One reservation: the counts around its debit; several: worked out at settlement.
    character_count_change_from: held.length === 1 && first ? first.countBefore : 0,
    character_count_change_to: held.length === 1 && first ? first.countAfter : 0,
    alignment: JSON.stringify(audio.alignment),
  }
  return item
}

/**
 * Stores the audio (when history is kept) and, in one transaction, charges each reservation
 * what `amount` says and inserts the history item. `whole`: every reservation is charged in
 * full, as the item's counts around the debit say; otherwise the counts are read after it.
 * Returns what was charged.
 */
export async function settleWithItem(
  ctx: Settlement,
  amount: (h: Held) => number,
  options: {
    text: string | undefined
    audio: KeptSnapshot
    whole: boolean
    within?: ((trx: Transaction<DB>) => Promise<void>) | undefined
  },
): Promise<number> {
  const { deps, input, held, historyItemId, recordingId } = ctx
  const { principal, format } = input
  const text = options.text ?? input.history?.text ?? ''
  const keep = historyItemId !== null && text !== '' && held.length > 0
  const key = keep ? historyStorageKey(principal.workspaceId, historyItemId, format.fileExtension) : null
  try {
    let item: NewHistoryItem | null = null
    if (key) {
      const audio = joinAudio(options.audio.parts, format)
      item = historyRow(ctx, text, { ...options.audio, bytes: audio.length }, key)
      if (!options.whole) {
        // What a sweeper charges if this process dies from here on: exactly this settlement,
        // with the item's counts worked out then (the draft's say nothing).
        item.character_count_change_from = 0
        item.character_count_change_to = 0
        await Promise.all(held.map((h) => deps.credits.recordDelivered(h.reservation.ledgerId, amount(h))))
      }
      // The draft is written before the audio, so a process that dies in between leaves
      // a sweeper the key to look at (and delete) instead of a file nothing points to.
      // The audio is stored before the transaction: a history item never lacks its file.
      await deps.credits.keepHistoryDraft(
        held.map((h) => h.reservation.ledgerId),
        JSON.stringify(item),
      )
      await deps.storage.put(key, audio)
    }
    let total = 0
    await deps.credits.transaction(async (trx) => {
      total = 0
      for (const h of held) {
        const n = amount(h)
        const ok =
          n > 0 || options.whole
            ? await deps.credits.settle(trx, h.reservation, n, historyItemId)
            : await deps.credits.release(trx, h.reservation)
        if (!ok) throw new AlreadySettled('reservation already settled')
        total += n
      }
      await options.within?.(trx)
      if (!item) return
      if (held.length > 1 || !options.whole) {
        const to = await deps.credits.characterCount(trx, principal.workspaceId)
        item.character_count_change_to = to
        item.character_count_change_from = to - (await deps.credits.chargedFor(trx, recordingId))
      }
      await deps.history.insert(trx, item)
    })
    return total
  } catch (error) {
    // Not settled: the caller falls back. Lost to the sweeper: its history item (if any)
    // uses the stored audio, so the audio stays.
    if (key && !(error instanceof AlreadySettled)) await deps.storage.delete(key).catch(() => undefined)
    throw error
  }
}

/** Charges what was delivered without a history item (the audio could not be kept); returns it. */
export async function chargeDelivered(ctx: Settlement): Promise<number> {
  const { deps, held } = ctx
  let due = 0
  await deps.credits.transaction(async (trx) => {
    due = 0
    for (const h of held) {
      const owed = owedFor(h)
      // Nothing delivered, nothing charged: the reservation goes back whole.
      if (owed <= 0) await deps.credits.release(trx, h.reservation)
      else if (await deps.credits.settle(trx, h.reservation, owed, null)) due += owed
    }
  })
  return due
}
