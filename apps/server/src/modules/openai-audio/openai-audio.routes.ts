import { OPENAI_BASE_PATH, OPENAI_SPEECH_INPUT_MAX } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  clientGone,
  collectGeneration,
  streamGeneration,
} from '../../platform/generation/generation-response.js'
import { requirePrincipal } from '../../plugins/auth.js'
import type { OpenAiAudioService } from './openai-audio.service.js'
import { openAiErrorBodies } from './openai-errors.js'
import { readTranscriptionRequest, transcriptionForm } from './openai-form.js'

const tags = ['OpenAI-compatible audio']

const speechBody = z.object({
  model: z.string().min(1).max(64),
  input: z.string().min(1).max(OPENAI_SPEECH_INPUT_MAX),
  voice: z.union([z.string().min(1).max(64), z.object({ id: z.string().min(1).max(64) })]),
  response_format: z.string().max(16).optional(),
  speed: z.number().min(0.25).max(4).optional(),
  instructions: z.string().max(4096).optional().describe('Accepted for compatibility; not applied.'),
  stream_format: z.enum(['audio']).optional(),
})

// OpenAI's audio API under its own base path: speech (streamed as it is made, except WAV, which
// is sent whole so its header holds the real sizes), transcriptions and the models list. API
// keys work as bearer tokens; charges and history are those of the ElevenLabs routes.
export function openAiAudioRoutes(openai: OpenAiAudioService): FastifyPluginAsyncZod {
  return async (app) => {
    openAiErrorBodies(app)

    app.post(
      `${OPENAI_BASE_PATH}/audio/speech`,
      {
        config: { scope: 'text-to-speech' as const, verifiedEmail: true },
        schema: {
          tags,
          summary: 'Speech from text, as OpenAI’s audio API makes it',
          body: speechBody,
          response: { 200: z.any().describe('Audio in the requested response_format') },
        },
      },
      async (request, reply) => {
        const { voice, ...rest } = request.body
        const gen = await openai.speech(requirePrincipal(request), request.id, {
          ...rest,
          voice: typeof voice === 'string' ? voice : voice.id,
        })
        const signal = clientGone(request, reply).signal
        if (gen.historyItemId) reply.header('history-item-id', gen.historyItemId)
        reply.header('character-cost', String(gen.cost))
        if (gen.format.codec === 'wav') {
          const whole = await collectGeneration(gen, signal)
          return reply.type(gen.format.contentType).send(whole.audio)
        }
        const body = await streamGeneration(
          gen,
          signal,
          (chunk) => Buffer.from(chunk.audio),
          () => reply.raw.destroy(),
        )
        return reply.type(gen.format.contentType).send(body)
      },
    )

    app.post(
      `${OPENAI_BASE_PATH}/audio/transcriptions`,
      {
        config: { scope: 'speech-to-text' as const, verifiedEmail: true, multipart: transcriptionForm },
        schema: {
          tags,
          summary: 'Transcribe an audio file, as OpenAI’s audio API does',
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const result = await openai.transcribe(
          requirePrincipal(request),
          request.id,
          await readTranscriptionRequest(request),
        )
        return reply.type(result.contentType).send(result.body)
      },
    )

    app.get(
      `${OPENAI_BASE_PATH}/models`,
      {
        config: {},
        schema: { tags, summary: 'The models, in OpenAI’s list shape', response: { 200: z.any() } },
      },
      async () => openai.models(),
    )
  }
}
