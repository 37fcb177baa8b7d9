import { newId } from '../../lib/ids.js'
import type {
  DeliveredChunk,
  Recorder,
  Recording,
  RecordingInput,
} from '../../platform/generation/recorder.js'
import type { WorkspacePlan } from '../billing/billing.module.js'
import type { HeldSlot } from '../concurrency/concurrency.module.js'
import { countCharacters, creditCost } from '../credits/credits.module.js'
import { createDeliveryProgress } from './delivery-progress.js'
import { createKeptAudio } from './kept-audio.js'
import {
  AlreadySettled,
  chargeDelivered,
  type Held,
  owedFor,
  type RecordingDeps,
  type Settlement,
  settleWithItem,
} from './recording-settlement.js'

export { historyStorageKey, type RecordingDeps } from './recording-settlement.js'

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
  const { principal } = input
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
  const settlement: Settlement = { deps, input, historyItemId, recordingId, held }

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
        charged = await settleWithItem(settlement, (h) => h.reservation.characters, {
          text: options.text,
          audio: kept.snapshot(false),
          whole: true,
          within: options.within,
        })
        await finish()
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
            charged = await settleWithItem(settlement, owedFor, {
              text: options.text ?? deliveredText(),
              audio: delivered,
              whole: false,
            })
            await finish()
            return
          } catch (error) {
            if (error instanceof AlreadySettled) return
            // The audio or its item could not be written: the charge stands without them.
          }
        }
        charged = await chargeDelivered(settlement)
      } finally {
        await finish()
      }
    },
  }
  return { api, reserve }
}
