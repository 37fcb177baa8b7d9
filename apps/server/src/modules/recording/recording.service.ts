import { appendAlignment, emptyAlignment, joinAudio } from '@timbre/speech'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import type { BillingPorts, WorkspacePlan } from '../billing/billing.module.js'
import type { HeldSlot } from '../concurrency/concurrency.module.js'
import type { Reservation } from '../credits/credits.module.js'
import {
  type CreditsService,
  countCharacters,
  creditCost,
  deliveredCharge,
} from '../credits/credits.service.js'
import type { NewHistoryItem } from '../history/history.module.js'
import { createDeliveryProgress } from './delivery-progress.js'
import type { Recorder, Recording, RecordingInput } from './recording.types.js'

export interface RecordingDeps {
  billing: Pick<BillingPorts, 'plan' | 'checkRequestSize'>
  credits: CreditsService
  history: { insert(trx: Transaction<DB>, item: NewHistoryItem): Promise<void> }
  storage: FileStorage
}

interface Held {
  reservation: Reservation
  textCharacters: number
  deliveredCharacters: number
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
  const held: Held[] = []
  const parts: Uint8Array[] = []
  const alignment = emptyAlignment()
  const progress = createDeliveryProgress((id, n) => deps.credits.recordDelivered(id, n))
  let duration = 0
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
    held.push({ reservation, textCharacters, deliveredCharacters: 0 })
    return held.length - 1
  }

  const finish = async (): Promise<void> => {
    finished = true
    await progress.stop()
    releaseSlot()
  }

  function row(text: string, audioBytes: number, key: string): NewHistoryItem {
    const h = input.history!
    const first = held[0]?.reservation
    return {
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
      size_bytes: audioBytes,
      duration_seconds: duration,
      // One reservation: the counts around its debit; several: worked out at settlement.
      character_count_change_from: held.length === 1 && first ? first.countBefore : 0,
      character_count_change_to: held.length === 1 && first ? first.countAfter : 0,
      alignment: JSON.stringify(alignment),
    }
  }

  async function settleAll(
    historyText: string | undefined,
    within: ((trx: Transaction<DB>) => Promise<void>) | undefined,
  ): Promise<void> {
    await progress.stop()
    const text = historyText ?? input.history?.text ?? ''
    const keep = historyItemId !== null && text !== '' && held.length > 0
    const key = keep ? historyStorageKey(principal.workspaceId, historyItemId, format.fileExtension) : null
    try {
      let item: NewHistoryItem | null = null
      if (key) {
        const audio = joinAudio(parts, format)
        // The draft is written before the audio, so a process that dies in between leaves
        // a sweeper the key to look at (and delete) instead of a file nothing points to.
        // The audio is stored before the transaction: a history item never lacks its file.
        item = row(text, audio.length, key)
        await deps.credits.keepHistoryDraft(
          held.map((h) => h.reservation.ledgerId),
          JSON.stringify(item),
        )
        await deps.storage.put(key, audio)
      }
      await deps.credits.transaction(async (trx) => {
        for (const h of held) {
          const ok = await deps.credits.settle(trx, h.reservation, h.reservation.characters, historyItemId)
          if (!ok) throw new AlreadySettled('reservation already settled')
        }
        await within?.(trx)
        if (!item) return
        if (held.length > 1) {
          const to = await deps.credits.characterCount(trx, principal.workspaceId)
          item.character_count_change_to = to
          item.character_count_change_from = to - (await deps.credits.chargedFor(trx, recordingId))
        }
        await deps.history.insert(trx, item)
      })
      charged = held.reduce((n, h) => n + h.reservation.characters, 0)
    } catch (error) {
      // Not settled: `fail()` settles for what was delivered. Lost to the sweeper: its
      // history item (if any) uses the stored audio, so the audio stays.
      if (key && !(error instanceof AlreadySettled)) await deps.storage.delete(key).catch(() => undefined)
      throw error
    }
    await finish()
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

    delivered(chunk) {
      parts.push(chunk.audio)
      appendAlignment(alignment, chunk.alignment)
      duration = Math.max(duration, chunk.endSeconds)
      if (chunk.characters <= 0) return
      const h = input.charge ? held[0] : held[chunk.piece]
      if (!h) return
      h.deliveredCharacters += chunk.characters
      const due = deliveredCharge(h.reservation.characters, h.deliveredCharacters, h.textCharacters)
      progress.update(h.reservation.ledgerId, due)
    },

    complete(options = {}) {
      if (finished) return Promise.resolve()
      completing ??= settleAll(options.text, options.within)
      return completing
    },

    async fail(options = {}) {
      // A settlement under way wins; if it failed, what was delivered is charged here.
      await completing?.catch(() => undefined)
      if (finished) return
      try {
        await progress.stop()
        let due = 0
        await deps.credits.transaction(async (trx) => {
          for (const h of held) {
            const reached = options.reachedClient === false ? 0 : h.deliveredCharacters
            // Nothing delivered, nothing charged: the reservation goes back whole.
            if (reached <= 0) await deps.credits.release(trx, h.reservation)
            else {
              const owed = deliveredCharge(h.reservation.characters, reached, h.textCharacters)
              if (await deps.credits.settle(trx, h.reservation, owed, null)) due += owed
            }
          }
        })
        charged = due
      } finally {
        await finish()
      }
    },
  }
  return { api, reserve }
}
