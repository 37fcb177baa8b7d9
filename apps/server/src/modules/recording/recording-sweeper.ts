import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import type { FileStorage } from '../../lib/storage.js'
import type { CreditsService, ExpiredReservation } from '../credits/credits.module.js'
import type { NewHistoryItem } from '../history/history.module.js'

const BATCH = 100

export interface SweepResult {
  settled: number
  released: number
  historyItems: number
}

/**
 * Finishes the generations of a process that died: each reservation whose lease ran out is
 * charged what its last progress write said was delivered, or released when that is nothing.
 * A generation whose audio was already stored gets its history item, in the same transaction.
 * Every step is conditional on the reservation still being open, so two sweepers (or a sweeper
 * and a late live process) never charge twice.
 */
export function createRecordingSweeper(deps: {
  credits: CreditsService
  history: { insert(trx: Transaction<DB>, item: NewHistoryItem): Promise<void> }
  storage: FileStorage
  log?: (message: string, details: object) => void
}) {
  async function finishRecording(group: ExpiredReservation[], result: SweepResult): Promise<void> {
    const kept = (group.find((r) => r.historyDraft)?.historyDraft ?? null) as NewHistoryItem | null
    // A draft whose audio never got stored whole (the process died while writing it) makes
    // no history item; what was delivered is still charged, and the partial file goes.
    const draft = kept && (await deps.storage.size(kept.storage_key)) === kept.size_bytes ? kept : null
    if (kept && !draft) await deps.storage.delete(kept.storage_key).catch(() => undefined)
    let charged = 0
    let released = 0
    await deps.credits.transaction(async (trx) => {
      for (const r of group) {
        const due = Math.min(r.characters, Math.max(0, r.deliveredCharacters))
        if (due > 0 && (await deps.credits.settle(trx, r, due, draft?.id ?? null))) {
          charged++
          result.settled++
        } else if (due <= 0 && (await deps.credits.release(trx, r))) {
          released++
          result.released++
        }
      }
      if (!draft || charged === 0) return
      if (group.length > 1 || !draft.character_count_change_to) {
        const to = await deps.credits.characterCount(trx, draft.workspace_id)
        const spent = group[0]?.recordingId ? await deps.credits.chargedFor(trx, group[0].recordingId) : 0
        draft.character_count_change_to = to
        draft.character_count_change_from = to - spent
      }
      await deps.history.insert(trx, draft)
      result.historyItems++
    })
    // Stored audio that no history item will point to (this sweep gave everything back) goes.
    if (draft && released === group.length)
      await deps.storage.delete(draft.storage_key).catch(() => undefined)
  }

  return {
    async sweep(): Promise<SweepResult> {
      const result: SweepResult = { settled: 0, released: 0, historyItems: 0 }
      for (;;) {
        const expired = await deps.credits.findExpired(BATCH)
        if (expired.length === 0) break
        const groups = new Map<string, ExpiredReservation[]>()
        for (const r of expired) {
          const id = r.recordingId ?? r.ledgerId
          groups.set(id, [...(groups.get(id) ?? []), r])
        }
        for (const group of groups.values()) {
          await finishRecording(group, result).catch((error: unknown) =>
            deps.log?.('sweeping a reservation failed', { err: error, ledgerId: group[0]?.ledgerId }),
          )
        }
        if (expired.length < BATCH) break
      }
      if (result.settled + result.released > 0) deps.log?.('expired reservations swept', result)
      return result
    },
  }
}
