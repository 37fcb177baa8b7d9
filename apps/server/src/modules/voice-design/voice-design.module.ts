import type { SpeechService } from '@timbre/speech'
import type { Database } from '../../db/database.js'
import type { FileStorage } from '../../lib/storage.js'
import type { DomainModule } from '../domain-module.js'
import type { Recorder } from '../recording/recording.module.js'
import type { VoicesPorts } from '../voices/voices.module.js'
import { createVoiceDesignRepository } from './voice-design.repository.js'
import { voiceDesignRoutes } from './voice-design.routes.js'
import { createVoiceDesignService } from './voice-design.service.js'

/** Voice design and remix from descriptions, previews kept for a day, voices from previews. */
export function createVoiceDesignModule(deps: {
  db: Database
  storage: FileStorage
  speech: SpeechService
  recorder: Recorder
  voices: Pick<VoicesPorts, 'lookup' | 'generated'>
}): DomainModule {
  const service = createVoiceDesignService({
    repository: createVoiceDesignRepository(deps.db),
    storage: deps.storage,
    speech: deps.speech,
    recorder: deps.recorder,
    voices: deps.voices,
  })
  return { name: 'voice-design', routes: voiceDesignRoutes(service), ports: {} }
}
