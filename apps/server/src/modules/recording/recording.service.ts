import { appendAlignment, emptyAlignment, joinAudio } from '@timbre/speech'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import type {
  DeliveredChunk,
  Recorder,
  Recording,
  RecordingInput,
} from '../../platform/generation/recorder.js'
import type { BillingPorts, WorkspacePlan } from '../billing/billing.module.js'
import type { HeldSlot } from '../concurrency/concurrency.module.js'
import {
  type CreditsService,
  countCharacters,
  creditCost,
  deliveredCharge,
  type Reservation,
} from '../credits/credits.module.js'
import type { NewHistoryItem } from '../history/history.module.js'
import { createDeliveryProgress } from './delivery-progress.js'

export interface RecordingDeps {
  billing: Pick<BillingPorts, 'plan' | 'checkRequestSize'>
  credits: CreditsService
  history: { insert(trx: Transaction<DB>, item: NewHistoryItem): Promise<void> }
  storage: FileStorage
}

interface Held {
  reservation: Reservation
  text: string
  /** What the price covers: the text's characters, or seconds of audio. */
  units: number
  deliveredUnits: number
}

/** A settlement lost to the sweeper (this process's lease ran out): its result stands. */
class AlreadySettled extends Error {}

/** Where a history item's audio lives. */
export function historyStorageKey(workspaceId: string, historyItemId: string, extension: string): string {
  return `history/${workspaceId}/${historyItemId}.${extension}`
}

export function createRecorder(deps: RecordingDeps): Recorder {
  return {
    async begin(input) {
      const plan = await deps.billing.plan(input.principal.workspaceId)
      // The per-request maximum is about characters of text; fixed-price calls have their own limits.
      if (input.charge && input.charge.credits === undefined)
        deps.billing.checkRequestSize(plan, countCharacters(input.charge.text))
      const releaseSlot = await deps.credits.acquireSlot(input.principal.workspaceId, plan)
      const recording = openRecording(deps, input, plan, releaseSlot)
      if (!input.charge) return recording.api
      try {
        await recording.reserve(input.charge.text, input.charge.hash)
      } catch (error) {
        releaseSlot()
        throw error
      }
      return recording.api
    },
  }
}

function openRecording(
  deps: RecordingDeps,
  input: RecordingInput,
  plan: WorkspacePlan,
  releaseSlot: HeldSlot,
) {
  const { principal, format } = input
  const historyItemId = input.history ? newId() : null
  const recordingId = historyItemId ?? newId()
  const bySeconds = input.charge?.seconds !== undefined
  const held: Held[] = []
  const kept = createKeptAudio()
  const progress = createDeliveryProgress((id, n) => deps.credits.recordDelivered(id, n))
  let charged = 0
  let finished = false
  let completing: Promise<void> | null = null

  async function reserve(text: string, hash: string | null): Promise<number> {
    const textCharacters = countCharacters(text)
    const reservation = await deps.credits.reserve({
      principal,
      plan,
      requestId: input.requestId,
      kind: input.kind,
      cost: input.charge?.credits ?? creditCost(textCharacters, input.costMultiplier),
      hash,
      recordingId,
    })
    const units = bySeconds ? (input.charge?.seconds ?? 0) : textCharacters
    held.push({ reservation, text, units, deliveredUnits: 0 })
    return held.length - 1
  }
  const finish = async (): Promise<void> => {
    if (finished) return
    finished = true
    await progress.stop()
    releaseSlot()
  }
  const owedFor = (h: Held): number => deliveredCharge(h.reservation.characters, h.deliveredUnits, h.units)

  function row(text: string, audio: { bytes: number; seconds: number; alignment: unknown }, key: string) {
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
   */
  async function settleWithItem(
    amount: (h: Held) => number,
    options: {
      text: string | undefined
      audio: ReturnType<typeof kept.snapshot>
      whole: boolean
      within?: ((trx: Transaction<DB>) => Promise<void>) | undefined
    },
  ): Promise<void> {
    const text = options.text ?? input.history?.text ?? ''
    const keep = historyItemId !== null && text !== '' && held.length > 0
    const key = keep ? historyStorageKey(principal.workspaceId, historyItemId, format.fileExtension) : null
    try {
      let item: NewHistoryItem | null = null
      if (key) {
        const audio = joinAudio(options.audio.parts, format)
        item = row(text, { ...options.audio, bytes: audio.length }, key)
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
      charged = total
    } catch (error) {
      // Not settled: the caller falls back. Lost to the sweeper: its history item (if any)
      // uses the stored audio, so the audio stays.
      if (key && !(error instanceof AlreadySettled)) await deps.storage.delete(key).catch(() => undefined)
      throw error
    }
    await finish()
  }

  /** Charges what was delivered without a history item (the audio could not be kept). */
  async function chargeDelivered(): Promise<void> {
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
    charged = due
  }

  /** A generation reserved per piece shows the pieces that were heard; one text shows itself. */
  function deliveredText(): string | undefined {
    if (input.charge) return undefined
    return held
      .filter((h) => h.deliveredUnits > 0)
      .map((h) => h.text.trim())
      .join(' ')
  }

  function keep(chunk: DeliveredChunk, delivered: boolean): void {
    kept.add(chunk, delivered)
    if (!delivered) return
    const h = input.charge ? held[0] : held[chunk.piece]
    if (!h) return
    const before = h.deliveredUnits
    if (bySeconds) h.deliveredUnits = Math.max(h.deliveredUnits, Math.min(h.units, chunk.endSeconds))
    else h.deliveredUnits += Math.max(0, chunk.characters)
    if (h.deliveredUnits > before) progress.update(h.reservation.ledgerId, owedFor(h))
  }

  const api: Recording = {
    historyItemId,
    get cost() {
      return held.reduce((n, h) => n + h.reservation.characters, 0)
    },
    get charged() {
      return charged
    },
    concurrent: releaseSlot.concurrent,
    reservePiece: (text) => reserve(text, null),
    delivered: (chunk) => keep(chunk, true),
    held: (chunk) => keep(chunk, false),
    complete(options = {}) {
      if (finished) return Promise.resolve()
      completing ??= (async () => {
        await progress.stop()
        await settleWithItem((h) => h.reservation.characters, {
          text: options.text,
          audio: kept.snapshot(false),
          whole: true,
          within: options.within,
        })
      })()
      return completing
    },
    async fail(options = {}) {
      // A settlement under way wins; if it failed, what was delivered is charged here.
      await completing?.catch(() => undefined)
      if (finished) return
      try {
        await progress.stop()
        const delivered = kept.snapshot(true)
        if (historyItemId && held.some((h) => owedFor(h) > 0) && delivered.parts.length > 0) {
          try {
            await settleWithItem(owedFor, {
              text: options.text ?? deliveredText(),
              audio: delivered,
              whole: false,
            })
            return
          } catch (error) {
            if (error instanceof AlreadySettled) return
            // The audio or its item could not be written: the charge stands without them.
          }
        }
        await chargeDelivered()
      } finally {
        await finish()
      }
    },
  }
  return { api, reserve }
}

/** The audio of a recording in order, with how much of it went to the client. */
function createKeptAudio() {
  const parts: Uint8Array[] = []
  const alignment = emptyAlignment()
  const deliveredAlignment = emptyAlignment()
  let seconds = 0
  let deliveredSeconds = 0
  let deliveredParts = 0
  return {
    add(chunk: DeliveredChunk, delivered: boolean): void {
      parts.push(chunk.audio)
      appendAlignment(alignment, chunk.alignment)
      seconds = Math.max(seconds, chunk.endSeconds)
      if (!delivered) return
      // Delivery is in order: what went out is everything kept up to here.
      deliveredParts = parts.length
      appendAlignment(deliveredAlignment, chunk.alignment)
      deliveredSeconds = Math.max(deliveredSeconds, chunk.endSeconds)
    },
    /** Everything kept, or only the part that reached the client. */
    snapshot(deliveredOnly: boolean) {
      return deliveredOnly
        ? { parts: parts.slice(0, deliveredParts), seconds: deliveredSeconds, alignment: deliveredAlignment }
        : { parts, seconds, alignment }
    },
  }
}
