import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin, requireProducer } from './access.js'
import type { ProductionsDeps } from './productions-deps.js'
import { diffTokens } from './token-diff.js'

// What the producer changed: their working copy against the machine transcript the task started
// from, as runs of kept, removed and added words, and as subtitle cues kept, changed, removed or
// added (text or timing). The producer reads their own claims; administrators any producer's.

async function claimWithOrigin(deps: ProductionsDeps, principal: Principal, userId: string, taskId: string) {
  const producerId = userId === 'me' ? principal.userId : userId
  if (producerId === principal.userId) await requireProducer(deps, principal, 'me')
  else requireAdmin(deps, principal)
  const claim = await deps.claims.ofProducerTask(producerId, taskId)
  const task = claim ? await deps.orders.taskById(claim.task_id) : undefined
  const [media] = task ? await deps.orders.mediaOf(task.order_id) : []
  if (!claim || !task || !media?.transcript_id)
    throw new AppError('production_not_found', { param: 'taskId' })
  return {
    claim,
    machine: { workspaceId: task.workspace_id, transcriptId: media.transcript_id },
    working: { workspaceId: claim.working_workspace_id, transcriptId: claim.working_transcript_id },
  }
}

const words = (text: string) => text.split(/\s+/).filter(Boolean)

export async function transcriptionDiff(
  deps: ProductionsDeps,
  principal: Principal,
  userId: string,
  taskId: string,
) {
  const { claim, machine, working } = await claimWithOrigin(deps, principal, userId, taskId)
  const [before, after] = await Promise.all([
    deps.transcripts.summary(machine.workspaceId, machine.transcriptId),
    deps.transcripts.summary(working.workspaceId, working.transcriptId),
  ])
  if (!before || !after) throw new AppError('production_not_found', { param: 'taskId' })
  const runs = diffTokens(words(before.text), words(after.text))
  return {
    task_id: claim.task_id,
    machine_words: words(before.text).length,
    edited_words: words(after.text).length,
    removed_words: runs.filter((r) => r.op === 'delete').reduce((s, r) => s + r.items.length, 0),
    added_words: runs.filter((r) => r.op === 'insert').reduce((s, r) => s + r.items.length, 0),
    hunks: runs.map((r) => ({ op: r.op, text: r.items.join(' ') })),
  }
}

export interface Cue {
  start: string
  end: string
  text: string
}

/** The cues of an SRT file: their times as written and their text lines joined. */
export function srtCues(srt: string): Cue[] {
  return srt
    .replace(/\r/g, '')
    .split(/\n{2,}/)
    .flatMap((block) => {
      const lines = block.split('\n').filter((l) => l.trim() !== '')
      const at = lines.findIndex((l) => l.includes('-->'))
      if (at < 0) return []
      const [start, end] = lines[at]!.split('-->').map((s) => s.trim())
      return [{ start: start!, end: end!, text: lines.slice(at + 1).join('\n') }]
    })
}

type CueChange = { op: 'equal' | 'changed' | 'removed' | 'added'; machine: Cue | null; edited: Cue | null }

export async function subtitlesDiff(
  deps: ProductionsDeps,
  principal: Principal,
  userId: string,
  taskId: string,
) {
  const { claim, machine, working } = await claimWithOrigin(deps, principal, userId, taskId)
  const [before, after] = await Promise.all([
    deps.transcripts.file(machine.workspaceId, machine.transcriptId, 'srt'),
    deps.transcripts.file(working.workspaceId, working.transcriptId, 'srt'),
  ])
  if (before === null || after === null) throw new AppError('production_not_found', { param: 'taskId' })
  const runs = diffTokens(
    srtCues(before),
    srtCues(after),
    (x, y) => x.text === y.text && x.start === y.start && x.end === y.end,
  )
  const cues: CueChange[] = []
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!
    if (run.op === 'equal') {
      for (const cue of run.items) cues.push({ op: 'equal', machine: cue, edited: cue })
      continue
    }
    // A removal followed by an addition is read as cues changed in place, pair by pair.
    const next = runs[i + 1]
    if (run.op === 'delete' && next?.op === 'insert') {
      const pairs = Math.min(run.items.length, next.items.length)
      for (let j = 0; j < pairs; j++)
        cues.push({ op: 'changed', machine: run.items[j]!, edited: next.items[j]! })
      for (const cue of run.items.slice(pairs)) cues.push({ op: 'removed', machine: cue, edited: null })
      for (const cue of next.items.slice(pairs)) cues.push({ op: 'added', machine: null, edited: cue })
      i++
      continue
    }
    for (const cue of run.items)
      cues.push(
        run.op === 'delete'
          ? { op: 'removed', machine: cue, edited: null }
          : { op: 'added', machine: null, edited: cue },
      )
  }
  return { task_id: claim.task_id, changed_cues: cues.filter((c) => c.op !== 'equal').length, cues }
}
