import type { DomainModule } from '../domain-module.js'
import type { SpeechToTextPorts } from '../speech-to-text/speech-to-text.module.js'
import type { TtsPorts } from '../tts/tts.module.js'
import { openAiAudioRoutes } from './openai-audio.routes.js'
import { createOpenAiAudioService } from './openai-audio.service.js'

/** OpenAI's audio API (speech, transcriptions, models) over the text to speech and speech to text products. */
export function createOpenAiAudioModule(deps: {
  tts: TtsPorts
  stt: SpeechToTextPorts
  modelIds: () => readonly string[]
}): DomainModule {
  const service = createOpenAiAudioService(deps)
  return { name: 'openai-audio', routes: openAiAudioRoutes(service), ports: {} }
}
