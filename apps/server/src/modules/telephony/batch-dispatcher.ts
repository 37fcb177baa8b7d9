import { defineHeldJob, type HeldRun } from '../../platform/jobs/held-run-runner.js'
import type { BatchRow } from './batch-calls.repository.js'
import { placeCall } from './outbound-calls.js'
import type { CallOutcome } from './sip/sip-trunk-call.js'
import type { TelephonyDeps } from './telephony.deps.js'

// The job that places a batch's calls: the pending recipients in groups of the batch's
// concurrency (never more calls being placed at once), each recipient dispatched once, its call
// SID kept, or the provider's refusal recorded as failed. A cancel stops it before the next
// group; a run whose process died is taken over and carries on with the recipients still pending.

const HEARTBEAT_MS = 2_000
const STALE_SECONDS = 30
const PROGRESS_WRITE_MS = 500

async function dispatch(
  deps: TelephonyDeps,
  batch: BatchRow,
  held: HeldRun,
  log?: (message: string, details: object) => void,
) {
  const number = await deps.numbers.find(batch.workspace_id, batch.phone_number_id)
  const all = await deps.batches.recipients(batch.id)
  // A call being placed when a process died may have gone out: it is never placed twice.
  for (const r of all.filter((x) => x.status === 'dispatched'))
    await deps.batches.setRecipient(r.id, {
      status: 'failed',
      error: 'The server stopped while this call was being placed; retry to call again.',
    })
  const pending = all.filter((r) => r.status === 'pending')
  for (let i = 0; i < pending.length; i += batch.concurrency) {
    const current = await deps.batches.findById(batch.id)
    if (current?.status !== 'running' || current.worker_token !== held.token) return
    await Promise.all(
      pending.slice(i, i + batch.concurrency).map(async (recipient) => {
        await deps.batches.setRecipient(recipient.id, { status: 'dispatched' })
        // A bridged (SIP) call's recipient follows it: in progress once answered, then its end.
        let answered = false
        let outcome: CallOutcome | null = null
        const recordEnd = () =>
          void deps.batches
            .setRecipient(recipient.id, { status: outcome ?? 'failed' })
            .catch((error: unknown) => log?.('a batch recipient could not be updated', { err: error }))
        const ended = (how: CallOutcome) => {
          outcome = how
          if (answered) recordEnd()
        }
        const result = number
          ? await placeCall(
              deps,
              number,
              batch.agent_id,
              recipient.phone_number,
              batch.created_by,
              ended,
            ).catch((error: Error) => ({
              ok: false as const,
              status: 0,
              message: error.message,
            }))
          : { ok: false as const, status: 0, message: 'The phone number was deleted.' }
        if (!result.ok)
          await deps.batches.setRecipient(recipient.id, { status: 'failed', error: result.message })
        else if ('conversationId' in result) {
          await deps.batches.setRecipient(recipient.id, {
            status: 'in_progress',
            callSid: result.callSid,
            conversationId: result.conversationId,
            error: null,
          })
          answered = true
          // A call that ended while it was being recorded as answered.
          if (outcome) recordEnd()
        } else
          await deps.batches.setRecipient(recipient.id, {
            status: 'initiated',
            callSid: result.callSid,
            error: null,
          })
      }),
    )
    await held.progress(((i + batch.concurrency) / pending.length) * 100, { force: true })
  }
  const after = await deps.batches.recipients(batch.id)
  const placed = after.some((r) => ['initiated', 'in_progress', 'completed'].includes(r.status))
  await deps.batches.finish(batch.id, held.token, placed || after.length === 0 ? 'completed' : 'failed')
}

export function createBatchDispatchJob(
  deps: TelephonyDeps,
  log?: (message: string, details: object) => void,
) {
  return defineHeldJob({
    name: 'batch-calling.dispatch',
    store: deps.batches.held,
    timing: { heartbeatMs: HEARTBEAT_MS, staleSeconds: STALE_SECONDS, progressWriteMs: PROGRESS_WRITE_MS },
    rowId: (payload) => payload.batchId,
    resume: (batchId) => ({ batchId }),
    handler: (row, run) => dispatch(deps, row, run, log),
    log,
  })
}
