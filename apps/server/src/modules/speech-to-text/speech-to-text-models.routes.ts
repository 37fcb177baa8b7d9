import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { speechToTextModels } from './speech-to-text.schemas.js'
import type { SpeechToTextService } from './speech-to-text.service.js'

// Timbre's own call: which speech to text models this server has and what each understands.
export function speechToTextModelsRoutes(stt: SpeechToTextService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/speech-to-text/models',
      {
        config: { scope: 'speech-to-text' as const, verifiedEmail: true },
        schema: {
          tags: ['speech to text'],
          summary: 'The speech to text models of this server and the languages each understands',
          description:
            'The public API’s model ids run CMU PocketSphinx (US English). Each Whisper model (whisper.cpp `.bin`) and ' +
            'each sherpa-onnx model folder in the server’s models directory is listed under its own id, with the ' +
            'languages it understands, whether it identifies the language spoken when `language_code` is left out, ' +
            'and, for a model whose files did not load, `available: false` and the reason.',
          response: { 200: speechToTextModels },
        },
      },
      async () => ({ models: (await stt.models()).map((m) => ({ ...m, languages: [...m.languages] })) }),
    )
  }
}
