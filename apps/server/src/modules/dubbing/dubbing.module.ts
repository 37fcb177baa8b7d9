import type { SpeechService } from '@timbre/speech'
import type { Database } from '../../db/database.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { FileStorage } from '../../lib/storage.js'
import { createBaseVoices } from '../../platform/audio/measure.js'
import type { VoiceLookup } from '../../platform/generation/ports.js'
import { startHeldJobs } from '../../platform/jobs/held-run-runner.js'
import type { OutboundPolicy } from '../../platform/outbound/outbound.js'
import type { DomainModule } from '../domain-module.js'
import type { Recorder } from '../recording/recording.module.js'
import type { SpeechToTextPorts } from '../speech-to-text/speech-to-text.module.js'
import { createDubbingRepository } from './dubbing.repository.js'
import { dubbingRoutes } from './dubbing.routes.js'
import type { DubbingDeps } from './dubbing-deps.js'
import { createDubs } from './dubs.js'
import { resourceRoutes } from './editor/resource.routes.js'
import { createDubJob } from './pipeline/dub-job.js'
import { createSourceFetcher } from './source-url.js'
import { createApertiumProvider } from './translation/apertium-provider.js'
import { createLibreTranslateProvider } from './translation/libretranslate-provider.js'
import { createLlmTranslationProvider } from './translation/llm-provider.js'
import type { TranslationProvider } from './translation/translation-provider.js'
import { createTranslator } from './translation/translator.js'

/** Dead runs' dubs are looked for this often where the jobs run. */
const RECOVERY_SWEEP_MS = 10_000

export interface DubbingModuleDeps extends DubbingDeps {
  queue: JobQueue
  fetchSource: (url: string) => Promise<{ data: Buffer; fileName: string }>
}

/**
 * Dubbing: a video or audio translated speaker by speaker (separation, transcription with
 * speakers, translation behind providers, a voice per speaker, speech fitted to each segment,
 * the mix over the background, renders), the resource editor, and exports.
 */
export function createDubbingModule(deps: {
  db: Database
  storage: FileStorage
  queue: JobQueue
  recorder: Recorder
  speech: SpeechService
  voices: VoiceLookup
  stt: Pick<SpeechToTextPorts, 'speechTurns'>
  /** The rules source_url downloads follow. */
  outbound: OutboundPolicy
  /** A LibreTranslate-compatible server the operator chose, tried after Apertium. */
  libreTranslate?: { url: string; apiKey: string | null } | null
  /** The operator's chat endpoint, tried first when configured (Apertium stays the fallback). */
  llm?: { url: string; model: string; apiKey: string | null } | null
  /** Providers in order, replacing the default (the language model, Apertium, LibreTranslate). */
  providers?: TranslationProvider[]
  log?: (message: string, details: object) => void
}): DomainModule {
  const providers = deps.providers ?? [
    ...(deps.llm ? [createLlmTranslationProvider(deps.llm)] : []),
    createApertiumProvider(),
    ...(deps.libreTranslate
      ? [
          createLibreTranslateProvider({
            baseUrl: deps.libreTranslate.url,
            apiKey: deps.libreTranslate.apiKey,
          }),
        ]
      : []),
  ]
  const shared: DubbingModuleDeps = {
    repository: createDubbingRepository(deps.db),
    storage: deps.storage,
    recorder: deps.recorder,
    speech: deps.speech,
    translator: createTranslator(providers),
    speechTurns: deps.stt.speechTurns,
    basesFor: createBaseVoices(deps.speech),
    voices: deps.voices,
    queue: deps.queue,
    fetchSource: createSourceFetcher(deps.outbound),
  }
  const job = createDubJob({ ...shared, log: deps.log })
  const dubs = createDubs(shared)
  let stopRecovery = () => {}
  return {
    name: 'dubbing',
    jobs: async (queue) => {
      stopRecovery = await startHeldJobs(queue, [job], { sweepMs: RECOVERY_SWEEP_MS, log: deps.log })
    },
    stop: () => stopRecovery(),
    routes: async (app) => {
      await app.register(dubbingRoutes(shared, dubs))
      await app.register(resourceRoutes(shared, dubs))
    },
    ports: {},
  }
}
