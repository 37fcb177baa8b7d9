import { createPocketSphinxRecogniser, espeakSpeller, type Recogniser } from '@timbre/speech'
import type { Database } from '../../db/database.js'
import type { FileStorage } from '../../lib/storage.js'
import type { OutboundPolicy } from '../../platform/outbound/outbound.js'
import type { DomainModule } from '../domain-module.js'
import type { Recorder } from '../recording/recording.module.js'
import { createTranscriptAudioKeeper, transcriptAudioKey } from './editing/transcript-audio.js'
import { createTranscriptEditsRepository } from './editing/transcript-editing.repository.js'
import { transcriptEditingRoutes } from './editing/transcript-editing.routes.js'
import { createTranscriptEditingService } from './editing/transcript-editing.service.js'
import { createForcedAlignmentService } from './forced-alignment.service.js'
import { realtimeRoutes } from './realtime/realtime.routes.js'
import { createCloudFetcher } from './source-audio.js'
import { createTranscriptsRepository } from './speech-to-text.repository.js'
import { speechToTextRoutes } from './speech-to-text.routes.js'
import { createSpeechToTextService, type SpeechToTextService } from './speech-to-text.service.js'

export type { TranscriptBody } from './speech-to-text.service.js'
export type { TranscriptionInput } from './stt-form.js'

export interface SpeechToTextPorts {
  /** Transcribes as POST /v1/speech-to-text does (credits, the stored transcript). */
  transcribe: SpeechToTextService['transcribe']
}

/** Speech to text (PocketSphinx behind the recogniser interface), stored transcripts, forced alignment. */
export function createSpeechToTextModule(deps: {
  db: Database
  recorder: Recorder
  /** The rules `cloud_storage_url` downloads follow. */
  outbound: OutboundPolicy
  recogniser?: Recogniser
  /** Where transcripts keep the audio the editor plays and re-aligns. */
  storage: FileStorage
  log?: (message: string, details: Record<string, unknown>) => void
}): DomainModule<SpeechToTextPorts> {
  const recogniser =
    deps.recogniser ?? createPocketSphinxRecogniser({ decoders: 2, speller: espeakSpeller() })
  const transcripts = createTranscriptsRepository(deps.db)
  const edits = createTranscriptEditsRepository(deps.db)
  const stt = createSpeechToTextService({
    recogniser,
    recorder: deps.recorder,
    repository: transcripts,
    fetchCloudFile: createCloudFetcher(deps.outbound),
    audioKeeper: createTranscriptAudioKeeper({
      storage: deps.storage,
      repository: edits,
      log: deps.log ?? (() => undefined),
    }),
  })
  const editing = createTranscriptEditingService({ transcripts, edits, storage: deps.storage, recogniser })
  const alignment = createForcedAlignmentService({ recogniser, recorder: deps.recorder })
  return {
    name: 'speech-to-text',
    routes: async (app) => {
      // A removed transcript takes its kept audio with it.
      const remove: SpeechToTextService['remove'] = async (principal, id) => {
        await stt.remove(principal, id)
        await deps.storage.delete(transcriptAudioKey(principal.workspaceId, id))
      }
      await app.register(speechToTextRoutes({ ...stt, remove }, alignment))
      await app.register(transcriptEditingRoutes(editing))
      await app.register(realtimeRoutes({ recogniser, recorder: deps.recorder }))
    },
    ports: { transcribe: stt.transcribe },
    stop: () => recogniser.close(),
  }
}
