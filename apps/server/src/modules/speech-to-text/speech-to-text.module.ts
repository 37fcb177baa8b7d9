import { createPocketSphinxRecogniser, espeakSpeller, type Recogniser } from '@timbre/speech'
import type { Database } from '../../db/database.js'
import type { OutboundPolicy } from '../../platform/outbound/outbound.js'
import type { DomainModule } from '../domain-module.js'
import type { Recorder } from '../recording/recording.module.js'
import { createForcedAlignmentService } from './forced-alignment.service.js'
import { realtimeRoutes } from './realtime/realtime.routes.js'
import { createCloudFetcher } from './source-audio.js'
import { createTranscriptsRepository } from './speech-to-text.repository.js'
import { speechToTextRoutes } from './speech-to-text.routes.js'
import { createSpeechToTextService, type SpeechToTextService } from './speech-to-text.service.js'
import { type SpeechTurn, speechTurns } from './speech-turns.js'

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
    options: { speakers: number | null; onProgress?: (fraction: number) => void },
  ): Promise<SpeechTurn[]>
}

/** Speech to text (PocketSphinx behind the recogniser interface), stored transcripts, forced alignment. */
export function createSpeechToTextModule(deps: {
  db: Database
  recorder: Recorder
  /** The rules `cloud_storage_url` downloads follow. */
  outbound: OutboundPolicy
  recogniser?: Recogniser
}): DomainModule<SpeechToTextPorts> {
  const recogniser =
    deps.recogniser ?? createPocketSphinxRecogniser({ decoders: 2, speller: espeakSpeller() })
  const stt = createSpeechToTextService({
    recogniser,
    recorder: deps.recorder,
    repository: createTranscriptsRepository(deps.db),
    fetchCloudFile: createCloudFetcher(deps.outbound),
  })
  const alignment = createForcedAlignmentService({ recogniser, recorder: deps.recorder })
  return {
    name: 'speech-to-text',
    routes: async (app) => {
      await app.register(speechToTextRoutes(stt, alignment))
      await app.register(realtimeRoutes({ recogniser, recorder: deps.recorder }))
    },
    ports: {
      transcribe: stt.transcribe,
      speechTurns: (samples, options) => speechTurns(recogniser, samples, options),
    },
    stop: () => recogniser.close(),
  }
}
