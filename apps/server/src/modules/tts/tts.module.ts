import type { SpeechService } from '@timbre/speech'
import type { PrincipalResolver } from '../../plugins/auth.js'
import type { DomainModule } from '../domain-module.js'
import type { HistoryPorts } from '../history/history.module.js'
import type { PronunciationRulesPort } from '../pronunciation-dictionaries/pronunciation-dictionaries.module.js'
import type { Recorder } from '../recording/recording.module.js'
import type { VoiceLookup } from '../voices/voices.module.js'
import { dialogueRoutes } from './dialogue.routes.js'
import { streamInputRoutes } from './stream-input.routes.js'
import { ttsRoutes } from './tts.routes.js'
import { createTtsService } from './tts.service.js'

/** Text to speech (four variants), dialogue and the stream-input WebSocket. */
export function createTtsModule(deps: {
  speech: SpeechService
  history: Pick<HistoryPorts, 'textsByRequestId'>
  voices: VoiceLookup
  recorder: Recorder
  principals: PrincipalResolver
  dictionaries: PronunciationRulesPort
}): DomainModule {
  const generation = {
    speech: deps.speech,
    voices: deps.voices,
    recorder: deps.recorder,
    dictionaries: deps.dictionaries,
  }
  const tts = createTtsService({ ...generation, context: deps.history })
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
