import type { SpeechService } from '@timbre/speech'
import type { Database } from '../../db/database.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { FileStorage } from '../../lib/storage.js'
import { startHeldJobs } from '../../platform/jobs/held-run-runner.js'
import type { DomainModule } from '../domain-module.js'
import type { VoicesPorts } from '../voices/voices.module.js'
import { createPvcRepository } from './pvc.repository.js'
import { pvcRoutes } from './pvc.routes.js'
import { createPvcService } from './pvc.service.js'
import { type FineTuningView, fineTuningView } from './pvc-fine-tuning.js'
import { PVC_LIMITS } from './pvc-limits.js'
import { createPvcTraining, PVC_SWEEP_MS } from './pvc-training.service.js'
import { createPvcVerification } from './pvc-verification.service.js'

export interface PvcPorts {
  fineTuningOf(voiceIds: readonly string[]): Promise<Map<string, FineTuningView>>
}

/** Professional voice clones: drafts, samples, speaker separation, captcha verification, training jobs. */
export function createVoicePvcModule(deps: {
  db: Database
  storage: FileStorage
  queue: JobQueue
  speech: SpeechService
  tierOf: (workspaceId: string) => Promise<string>
  /** Voices show each professional clone's fine-tuning state, which this domain supplies. */
  voices?: Pick<VoicesPorts, 'fineTuning'> & Partial<Pick<VoicesPorts, 'cloneGuards'>>
  /** A lower minimum of audio before training than the product's (an operator's choice); a higher one is ignored. */
  minTrainingSeconds?: number | undefined
  log?: (message: string, details: object) => void
}): DomainModule<PvcPorts> {
  const minTrainingSeconds = Math.min(deps.minTrainingSeconds ?? Infinity, PVC_LIMITS.minTrainingSeconds)
  const repository = createPvcRepository(deps.db)
  const service = createPvcService({
    repository,
    storage: deps.storage,
    queue: deps.queue,
    tierOf: deps.tierOf,
    minTrainingSeconds,
  })
  const verification = createPvcVerification({
    service,
    repository,
    storage: deps.storage,
    queue: deps.queue,
  })
  const training = createPvcTraining({
    service,
    repository,
    queue: deps.queue,
    speech: deps.speech,
    minTrainingSeconds,
    ...(deps.log ? { log: deps.log } : {}),
  })
  /** The public `fine_tuning` object of each of the voices that is a professional clone. */
  async function fineTuningOf(voiceIds: readonly string[]): Promise<Map<string, FineTuningView>> {
    const flows = await repository.flowsOf(voiceIds)
    return new Map(flows.map((f) => [f.voice_id, fineTuningView(f, f.language, Number(f.seconds))]))
  }
  deps.voices?.fineTuning.provide(fineTuningOf)
  let stopRecovery: () => void = () => undefined
  return {
    name: 'voice-pvc',
    jobs: async (queue) => {
      await queue.work('pvc.separate', ({ voiceId, sampleId }) => training.separate(voiceId, sampleId))
      // Trainings are held runs: where the jobs run, one whose worker died is taken over.
      stopRecovery = await startHeldJobs(queue, [training.job], { sweepMs: PVC_SWEEP_MS, log: deps.log })
    },
    stop: () => stopRecovery(),
    routes: async (app) => {
      await app.register(pvcRoutes({ service, verification, training, guards: deps.voices?.cloneGuards }))
    },
    ports: { fineTuningOf },
  }
}
