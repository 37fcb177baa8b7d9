import type { SpeechService } from '@timbre/speech'
import type { Database } from '../../db/database.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { FileStorage } from '../../lib/storage.js'
import { startHeldJobs } from '../../platform/jobs/held-run-runner.js'
import type { OutboundPolicy } from '../../platform/outbound/outbound.js'
import type { DomainModule } from '../domain-module.js'
import type { PronunciationRulesPort } from '../pronunciation-dictionaries/pronunciation-dictionaries.module.js'
import type { Recorder } from '../recording/recording.module.js'
import type { VoiceLookup } from '../voices/voices.module.js'
import { createAudioNativeRepository } from './audio-native.repository.js'
import { audioNativeRoutes } from './audio-native.routes.js'
import { createAudioNativeService } from './audio-native.service.js'
import { AUDIO_NATIVE_SWEEP_MS, createAudioNativeJobs } from './audio-native-jobs.js'
import { audioNativeManageRoutes } from './audio-native-manage.routes.js'
import { createAudioSigner } from './page-allowlist.js'
import { playerRoutes } from './player.routes.js'

/** Audio Native: article players embedded on customers' pages, converted as jobs. */
export function createAudioNativeModule(deps: {
  db: Database
  queue: JobQueue
  storage: FileStorage
  speech: SpeechService
  recorder: Recorder
  voices: VoiceLookup
  dictionaries: PronunciationRulesPort
  secretKey: string
  outbound: OutboundPolicy
  log?: (message: string, details: object) => void
}): DomainModule {
  const repository = createAudioNativeRepository(deps.db)
  const service = createAudioNativeService({
    repository,
    voices: deps.voices,
    dictionaries: deps.dictionaries,
    queue: deps.queue,
    storage: deps.storage,
    signer: createAudioSigner(deps.secretKey),
    outbound: deps.outbound,
  })
  const jobs = createAudioNativeJobs({
    repository,
    storage: deps.storage,
    generation: {
      speech: deps.speech,
      voices: deps.voices,
      recorder: deps.recorder,
      dictionaries: deps.dictionaries,
    },
    ...(deps.log ? { log: deps.log } : {}),
  })
  let stopRecovery: () => void = () => undefined
  return {
    name: 'audio-native',
    // Where the jobs run, conversions whose worker died are taken over as soon as they go stale.
    jobs: async (queue) => {
      stopRecovery = await startHeldJobs(queue, [jobs.job], { sweepMs: AUDIO_NATIVE_SWEEP_MS, log: deps.log })
    },
    stop: () => stopRecovery(),
    routes: async (app) => {
      await app.register(audioNativeRoutes(service))
      await app.register(audioNativeManageRoutes(service))
      await app.register(playerRoutes(service))
    },
    ports: {},
  }
}
