import { ERRORS } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { defineHeldJob, TakenOver } from '../../../platform/jobs/held-run-runner.js'
import type { DubRow } from '../dubbing.repository.js'
import type { DubbingDeps } from '../dubbing-deps.js'
import { runDub } from './run-dub.js'

// The dub pipeline as a held job: one run holds a dub at a time, its heartbeat and percent are
// written on the dub's row, and a run whose process died is taken over within seconds and
// starts the dub again. A failure is final: the dub is marked refund pending, its reservation
// released, then refunded, with the reason the user sees.

/** A running dub's row is touched this often, whatever the work is doing. */
const HEARTBEAT_MS = 5_000
/** A running dub whose row has not moved for this long belongs to a dead worker. */
export const STALE_DUB_SECONDS = 30
const PROGRESS_WRITE_MS = 500

export function createDubJob(
  deps: DubbingDeps & { log?: ((message: string, details: object) => void) | undefined },
) {
  const { repository } = deps

  async function failed(row: DubRow, error: unknown): Promise<void> {
    const known = error instanceof AppError && error.status < 500
    if (!known) deps.log?.('dubbing failed', { dubId: row.id, err: error })
    const code = error instanceof AppError && error.code in ERRORS ? error.code : 'dubbing_failed'
    const message = error instanceof AppError ? error.message : ERRORS.dubbing_failed.message
    await repository.update(row.id, {
      status: 'refunded',
      error_code: code,
      error_message: message,
      progress_message: 'Failed; the credits were refunded',
      worker_token: null,
    })
  }

  return defineHeldJob({
    name: 'dubbing.run',
    store: repository.held,
    timing: {
      heartbeatMs: HEARTBEAT_MS,
      staleSeconds: STALE_DUB_SECONDS,
      progressWriteMs: PROGRESS_WRITE_MS,
    },
    rowId: (payload) => payload.dubId,
    resume: (dubId) => ({ dubId }),
    handler: async (row, run) => {
      try {
        await runDub(deps, row, run, (error) =>
          repository.update(row.id, {
            status: 'refund_pending',
            error_code: error instanceof AppError ? error.code : 'dubbing_failed',
          }),
        )
      } catch (error) {
        if (error instanceof TakenOver) throw error
        await failed(row, error)
      }
    },
    log: deps.log,
  })
}

export type DubJob = ReturnType<typeof createDubJob>
