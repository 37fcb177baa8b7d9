import type { SpeechService } from '@timbre/speech'
import type { Generation } from '../../platform/generation/begin-generation.js'
import type { Principal, PrincipalResolver } from '../../plugins/auth.js'
import type { DomainModule } from '../domain-module.js'
import type { HistoryPorts } from '../history/history.module.js'
import type { PronunciationRulesPort } from '../pronunciation-dictionaries/pronunciation-dictionaries.module.js'
import type { Recorder } from '../recording/recording.module.js'
import type { VoiceLookup } from '../voices/voices.module.js'
import { dialogueRoutes } from './dialogue.routes.js'
import { streamInputRoutes } from './stream-input.routes.js'
import { ttsRoutes } from './tts.routes.js'
import { createTtsService } from './tts.service.js'

/** What another API's speech call asks for: one text in one voice, with the defaults for the rest. */
export interface SpeakInput {
  principal: Principal
  requestId: string
  voiceId: string
  text: string
  modelId: string
  outputFormat: string
  speed: number | null
}

export interface TtsPorts {
  /** Begins a generation as POST /v1/text-to-speech does (credits, history, the pipeline). */
  speak(input: SpeakInput): Promise<Generation>
}

/** Text to speech (four variants), dialogue and the stream-input WebSocket. */
export function createTtsModule(deps: {
  speech: SpeechService
  history: Pick<HistoryPorts, 'textsByRequestId'>
  voices: VoiceLookup
  recorder: Recorder
  principals: PrincipalResolver
  dictionaries: PronunciationRulesPort
}): DomainModule<TtsPorts> {
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
    ports: {
      speak: (input) =>
        tts.begin({
          principal: input.principal,
          requestId: input.requestId,
          voiceId: input.voiceId,
          body: {
            text: input.text,
            model_id: input.modelId,
            ...(input.speed !== null ? { voice_settings: { speed: input.speed } } : {}),
          },
          query: { output_format: input.outputFormat, enable_logging: true },
        }),
    },
  }
}
