import type { FileStorage } from '../../lib/storage.js'
import type { Recorder } from '../../platform/generation/recorder.js'
import type { BillingPorts } from '../billing/billing.module.js'
import type { CreditsPorts } from '../credits/credits.module.js'
import type { DomainModule } from '../domain-module.js'
import type { HistoryPorts } from '../history/history.module.js'
import { createRecorder } from './recording.service.js'
import { createRecordingSweeper } from './recording-sweeper.js'

export interface RecordingPorts {
  recorder: Recorder
  /** Settles the expired reservations of dead processes now (tests and start-up). */
  sweep(): ReturnType<ReturnType<typeof createRecordingSweeper>['sweep']>
}

/**
 * Every generation's bookkeeping: reservation, delivered progress, stored audio, history item
 * and settlement. `start()` sweeps reservations left behind by a dead process at start-up and
 * then every half lease.
 */
export function createRecordingModule(deps: {
  billing: BillingPorts
  credits: CreditsPorts
  history: Pick<HistoryPorts, 'insert'>
  storage: FileStorage
  leaseSeconds: number
  log?: (message: string, details: object) => void
  /** Wraps the recorder every domain gets (the usage analytics meter each generation). */
  observe?: (recorder: Recorder) => Recorder
}): DomainModule<RecordingPorts> {
  const bare = createRecorder(deps)
  const recorder = deps.observe ? deps.observe(bare) : bare
  const sweeper = createRecordingSweeper(deps)
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const sweep = () => {
    const next = running.then(() => sweeper.sweep())
    running = next.catch(() => undefined)
    return next
  }
  return {
    name: 'recording',
    ports: { recorder, sweep },
    async start() {
      await sweep().catch((error: unknown) => deps.log?.('sweep failed', { err: error }))
      timer = setInterval(
        () => {
          sweep().catch((error: unknown) => deps.log?.('sweep failed', { err: error }))
        },
        Math.min(60_000, (deps.leaseSeconds * 1000) / 2),
      )
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}

export type { Recorder, Recording, RecordingInput } from '../../platform/generation/recorder.js'
