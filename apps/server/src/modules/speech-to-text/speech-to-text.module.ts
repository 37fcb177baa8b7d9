import {
  createPocketSphinxRecogniser,
  espeakSpeller,
  loadRecognitionCatalogue,
  type Recogniser,
  type SpeechService,
} from '@timbre/speech'
import type { Database } from '../../db/database.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { FileStorage } from '../../lib/storage.js'
import { startHeldJobs } from '../../platform/jobs/held-run-runner.js'
import type { OutboundPolicy } from '../../platform/outbound/outbound.js'
import type { DomainModule } from '../domain-module.js'
import type { Recorder } from '../recording/recording.module.js'
import type { WebhooksPorts } from '../webhooks/webhooks.module.js'
import { createTranscriptAudioKeeper, transcriptAudioKey } from './editing/transcript-audio.js'
import { createTranscriptCopies, type TranscriptCopies } from './editing/transcript-copies.js'
import { createTranscriptEditsRepository } from './editing/transcript-editing.repository.js'
import { transcriptEditingRoutes } from './editing/transcript-editing.routes.js'
import { createTranscriptEditingService } from './editing/transcript-editing.service.js'
import { createForcedAlignmentService } from './forced-alignment.service.js'
import { createTranscriptionJobsRepository } from './jobs/transcription-jobs.repository.js'
import { transcriptionJobsRoutes } from './jobs/transcription-jobs.routes.js'
import { createTranscriptionJobs } from './jobs/transcription-jobs.service.js'
import { type MachineTranscriptRequest, machineTranscript } from './machine-transcript.js'
import { liveDecoderSeasoning } from './realtime/live-decoder-seasoning.js'
import { realtimeRoutes } from './realtime/realtime.routes.js'
import { createRecogniserChoice } from './recogniser-choice.js'
import { createCloudFetcher } from './source-audio.js'
import { createTranscriptsRepository } from './speech-to-text.repository.js'
import { speechToTextRoutes } from './speech-to-text.routes.js'
import {
  createSpeechToTextService,
  type SpeechToTextService,
  type TranscriptBody,
} from './speech-to-text.service.js'
import { speechToTextModelsRoutes } from './speech-to-text-models.routes.js'
import { type SpeechTurn, speechTurns } from './speech-turns.js'

export type { TranscriptCopies, TranscriptSummary } from './editing/transcript-copies.js'
/** The realtime recogniser's utterance boundaries, for other live audio (agents' conversations). */
export { UtteranceDetector } from './realtime/utterance-detector.js'
export type { TranscriptBody } from './speech-to-text.service.js'
export type { SpeechTurn } from './speech-turns.js'
export type { TranscriptionInput } from './stt-form.js'

export interface SpeechToTextPorts {
  /** Transcribes as POST /v1/speech-to-text does (credits, the stored transcript). */
  transcribe: SpeechToTextService['transcribe']
  /**
   * The spoken stretches of 16 kHz mono samples with their words and speakers, uncharged and
   * unstored: for products that transcribe as a step of their own priced work (dubbing).
   */
  speechTurns(
    samples: Float32Array,
    options: {
      speakers: number | null
      onProgress?: (fraction: number) => void
      /** Spoken stretches decoded at once (the recogniser keeps two decoders). */
      concurrency?: number
    },
  ): Promise<SpeechTurn[]>
  /** The recogniser live sessions share (the realtime socket's), for agents' voice turns. */
  recogniser: Recogniser
  /**
   * Stored transcripts read, copied into another workspace as a working copy (Productions'
   * producers edit such a copy in the transcript editor), and written out as files.
   */
  transcripts: TranscriptCopies
  /**
   * An uncharged, stored transcript of a file for a product whose own price covers it
   * (Productions' machine transcript); a repeat with the same id returns the stored one.
   */
  machineTranscript(request: MachineTranscriptRequest): Promise<TranscriptBody>
}

/** How often the worker looks for transcriptions whose run died. */
const RECOVERY_SWEEP_MS = 15_000

/** Speech to text (PocketSphinx behind the recogniser interface), stored transcripts, forced alignment. */
export function createSpeechToTextModule(deps: {
  db: Database
  recorder: Recorder
  /** The rules `cloud_storage_url` downloads follow. */
  outbound: OutboundPolicy
  recogniser?: Recogniser
  /** Whisper models here join the default engine, each under its own model id. */
  modelsDir: string
  /** Background uploads, and the audio transcripts keep for the editor to play and re-align. */
  storage: FileStorage
  queue: JobQueue
  /** Background transcriptions tell their end to the workspace's speech to text webhooks. */
  webhooks: Pick<WebhooksPorts, 'emit' | 'subscribed'>
  log?: (message: string, details: object) => void
  /**
   * Keeps the default recogniser's live decoders warm from start, seasoned with speech these
   * speech threads render (as `npm start` does), so a realtime session or a voice agent never
   * waits on a cold decoder.
   */
  warmLiveDecodersWith?: SpeechService
  /** The speech threads forced alignment lines recordings up with their text's synthesis in. */
  speech: Pick<SpeechService, 'alignBySynthesis'>
}): DomainModule<SpeechToTextPorts> {
  const ownRecogniser = deps.recogniser
    ? null
    : createPocketSphinxRecogniser({ decoders: 2, speller: espeakSpeller() })
  const recogniser: Recogniser = deps.recogniser ?? ownRecogniser!
  const catalogue = loadRecognitionCatalogue(deps.modelsDir)
  for (const warning of catalogue.warnings)
    deps.log?.(`models directory: ${warning.file}: ${warning.message}`, { file: warning.file })
  const recognisers = createRecogniserChoice(recogniser, catalogue)
  const transcripts = createTranscriptsRepository(deps.db)
  const edits = createTranscriptEditsRepository(deps.db)
  const stt = createSpeechToTextService({
    recognisers,
    recorder: deps.recorder,
    repository: transcripts,
    fetchCloudFile: createCloudFetcher(deps.outbound),
    audioKeeper: createTranscriptAudioKeeper({
      storage: deps.storage,
      repository: edits,
      log: deps.log ?? (() => undefined),
    }),
    speakerNames: (workspaceId, transcriptId) => edits.speakerNames(workspaceId, transcriptId),
  })
  const editing = createTranscriptEditingService({ transcripts, edits, storage: deps.storage, recogniser })
  const alignment = createForcedAlignmentService({
    recogniser,
    recorder: deps.recorder,
    alignBySynthesis: (input) => deps.speech.alignBySynthesis(input),
  })
  const jobs = createTranscriptionJobs({
    stt,
    jobs: createTranscriptionJobsRepository(deps.db),
    queue: deps.queue,
    storage: deps.storage,
    webhooks: deps.webhooks,
    log: deps.log,
  })
  let stopRecovery = () => {}
  return {
    name: 'speech-to-text',
    routes: async (app) => {
      // A removed transcript takes its kept audio with it.
      const remove: SpeechToTextService['remove'] = async (principal, id) => {
        await stt.remove(principal, id)
        await deps.storage.delete(transcriptAudioKey(principal.workspaceId, id))
      }
      await app.register(speechToTextRoutes({ ...stt, remove }, alignment, jobs))
      await app.register(transcriptionJobsRoutes(jobs))
      await app.register(speechToTextModelsRoutes(stt))
      await app.register(transcriptEditingRoutes(editing))
      await app.register(realtimeRoutes({ recogniser, recorder: deps.recorder }))
    },
    jobs: async (queue) => {
      // Where jobs run, a transcription whose worker died is taken over once it goes stale.
      stopRecovery = await startHeldJobs(queue, [jobs.job], { sweepMs: RECOVERY_SWEEP_MS, log: deps.log })
    },
    start: () => {
      // In the background: the server answers meanwhile; a session that comes first opens its own.
      if (ownRecogniser && deps.warmLiveDecodersWith)
        void ownRecogniser.prewarm({ seasoning: liveDecoderSeasoning(deps.warmLiveDecodersWith) })
    },
    ports: {
      transcribe: stt.transcribe,
      speechTurns: (samples, options) => speechTurns(recogniser, samples, options),
      recogniser,
      transcripts: createTranscriptCopies({ transcripts, edits, storage: deps.storage }),
      machineTranscript: (request) => machineTranscript(stt, request),
    },
    stop: async () => {
      stopRecovery()
      await Promise.all([recogniser.close(), recognisers.close()])
    },
  }
}
