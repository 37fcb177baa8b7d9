import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  clientGone,
  collectGeneration,
  streamGeneration,
} from '../../platform/generation/generation-response.js'
import { requirePrincipal } from '../../plugins/auth.js'
import { timestampsBody, timestampsLine, withTimestampsResponse } from './timestamps-response.js'
import {
  type TtsBody,
  type TtsQuery,
  ttsBody,
  ttsQuery,
  type VoiceIdParams,
  voiceIdParams,
} from './tts.schemas.js'
import type { TtsService } from './tts.service.js'

const tags = ['text to speech']
const config = { scope: 'text-to-speech' as const, verifiedEmail: true }
const audio = z.any().describe('Audio in the requested output_format')

// POST /v1/text-to-speech/{voice_id} and its /stream, /with-timestamps and
// /stream/with-timestamps variants.
export function ttsRoutes(tts: TtsService): FastifyPluginAsyncZod {
  const begin = (request: {
    id: string
    principal: FastifyRequest['principal']
    params: VoiceIdParams
    body: TtsBody
    query: TtsQuery
  }) =>
    tts.begin({
      principal: requirePrincipal(request),
      requestId: request.id,
      voiceId: request.params.voice_id,
      body: request.body,
      query: request.query,
    })

  return async (app) => {
    const schema = (summary: string, response: Record<number, z.ZodType>) => ({
      tags,
      summary,
      params: voiceIdParams,
      querystring: ttsQuery,
      body: ttsBody,
      response,
    })

    app.post(
      '/v1/text-to-speech/:voice_id',
      { config, schema: schema('Convert text to speech', { 200: audio }) },
      async (request, reply) => {
        const gen = await begin(request)
        const result = await collectGeneration(gen, clientGone(request, reply).signal)
        if (gen.historyItemId) reply.header('history-item-id', gen.historyItemId)
        reply.header('character-cost', String(gen.cost))
        return reply.type(gen.format.contentType).send(result.audio)
      },
    )

    app.post(
      '/v1/text-to-speech/:voice_id/stream',
      { config, schema: schema('Convert text to speech, streamed as it is synthesised', { 200: audio }) },
      async (request, reply) => {
        const gen = await begin(request)
        const body = await streamGeneration(
          gen,
          clientGone(request, reply).signal,
          (chunk) => Buffer.from(chunk.audio),
          () => reply.raw.destroy(),
        )
        if (gen.historyItemId) reply.header('history-item-id', gen.historyItemId)
        reply.header('character-cost', String(gen.cost))
        return reply.type(gen.format.contentType).send(body)
      },
    )

    app.post(
      '/v1/text-to-speech/:voice_id/with-timestamps',
      {
        config,
        schema: schema('Convert text to speech with character timings', { 200: withTimestampsResponse }),
      },
      async (request, reply) => {
        const gen = await begin(request)
        const result = await collectGeneration(gen, clientGone(request, reply).signal)
        if (gen.historyItemId) reply.header('history-item-id', gen.historyItemId)
        reply.header('character-cost', String(gen.cost))
        return timestampsBody(result.audio, result.alignment, result.normalizedAlignment)
      },
    )

    app.post(
      '/v1/text-to-speech/:voice_id/stream/with-timestamps',
      {
        config,
        schema: schema('Stream text to speech as JSON lines with audio and character timings', {
          200: z.any(),
        }),
      },
      async (request, reply) => {
        const gen = await begin(request)
        const body = await streamGeneration(
          gen,
          clientGone(request, reply).signal,
          (chunk) => timestampsLine(chunk),
          () => reply.raw.destroy(),
        )
        if (gen.historyItemId) reply.header('history-item-id', gen.historyItemId)
        reply.header('character-cost', String(gen.cost))
        return reply.type('application/json').send(body)
      },
    )
  }
}
