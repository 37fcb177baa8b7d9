import multipart from '@fastify/multipart'
import { SPEECH_TO_SPEECH_MAX_BYTES } from '@timbre/contract'
import type { SpeechService } from '@timbre/speech'
import type { DomainModule } from '../domain-module.js'
import type { Recorder } from '../recording/recording.module.js'
import type { VoiceLookup } from '../voices/voices.module.js'
import { speechToSpeechRoutes } from './speech-to-speech.routes.js'
import { createSpeechToSpeechService } from './speech-to-speech.service.js'
import { stsMultipartLimits } from './sts-form.js'

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
      // Scoped to this plugin, with this call's own upload limits.
      await app.register(multipart, {
        limits: stsMultipartLimits(SPEECH_TO_SPEECH_MAX_BYTES),
        throwFileSizeLimit: true,
      })
      await app.register(speechToSpeechRoutes(service))
    },
    ports: {},
  }
}
