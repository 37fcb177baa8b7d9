import type { SpeechService } from '@timbre/speech'
import type { DomainModule } from '../domain-module.js'
import type { Recorder } from '../recording/recording.module.js'
import type { VoiceLookup } from '../voices/voices.module.js'
import { speechToSpeechRoutes } from './speech-to-speech.routes.js'
import { createSpeechToSpeechService } from './speech-to-speech.service.js'

/** Speech to speech (the voice changer): DSP voice conversion, charged per minute, in history. */
export function createSpeechToSpeechModule(deps: {
  recorder: Recorder
  voices: VoiceLookup
  speech: SpeechService
}): DomainModule {
  const service = createSpeechToSpeechService(deps)
  return {
    name: 'speech-to-speech',
    routes: async (app) => {
      await app.register(speechToSpeechRoutes(service))
    },
    ports: {},
  }
}
