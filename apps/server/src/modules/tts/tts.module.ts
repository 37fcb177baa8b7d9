import type { SpeechService } from '@timbre/speech'
import type { Database } from '../../db/database.js'
import type { createPrincipalResolver } from '../../plugins/auth.js'
import type { DomainModule } from '../domain-module.js'
import type { Recorder } from '../recording/recording.types.js'
import type { VoiceLookup } from '../voices/voice-lookup.js'
import { dialogueRoutes } from './dialogue.routes.js'
import { createRequestContextRepository } from './request-context.repository.js'
import { streamInputRoutes } from './stream-input.routes.js'
import { ttsRoutes } from './tts.routes.js'
import { createTtsService } from './tts.service.js'

/** Text to speech (four variants), dialogue and the stream-input WebSocket. */
export function createTtsModule(deps: {
  db: Database
  speech: SpeechService
  voices: VoiceLookup
  recorder: Recorder
  principals: ReturnType<typeof createPrincipalResolver>
}): DomainModule {
  const generation = { speech: deps.speech, voices: deps.voices, recorder: deps.recorder }
  const tts = createTtsService({ ...generation, context: createRequestContextRepository(deps.db) })
  return {
    name: 'tts',
    routes: async (app) => {
      await app.register(ttsRoutes(tts))
      await app.register(dialogueRoutes(generation))
      await app.register(streamInputRoutes(generation, deps.principals))
    },
    ports: {},
  }
}
