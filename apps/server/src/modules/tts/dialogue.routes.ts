import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Generation, GenerationDeps } from '../../platform/generation/begin-generation.js'
import {
  clientGone,
  collectGeneration,
  streamGeneration,
} from '../../platform/generation/generation-response.js'
import { requirePrincipal } from '../../plugins/auth.js'
import { type DialogueBody, dialogueBody } from './dialogue.schemas.js'
import { beginDialogue, type DialogueGeneration } from './dialogue.service.js'
import {
  dialogueWithTimestampsResponse,
  mergeVoiceSegments,
  timestampsBody,
  timestampsLine,
  type VoiceSegment,
  voiceSegmentTracker,
} from './timestamps-response.js'
import { type TtsQuery, ttsQuery } from './tts.schemas.js'

const tags = ['text to dialogue']
const config = { scope: 'text-to-speech' as const, verifiedEmail: true }
const audio = z.any().describe('Audio in the requested output_format')

interface DialogueRequest {
  id: string
  principal: FastifyRequest['principal']
  body: DialogueBody
  query: TtsQuery
}

function costHeaders(reply: FastifyReply, gen: Generation): void {
  if (gen.historyItemId) reply.header('history-item-id', gen.historyItemId)
  reply.header('character-cost', String(gen.cost))
}

// POST /v1/text-to-dialogue, /stream, /with-timestamps and /stream/with-timestamps: the inputs
// rendered in order into one audio, through the same generation as text to speech.
export function dialogueRoutes(deps: GenerationDeps): FastifyPluginAsyncZod {
  const begin = (request: DialogueRequest): Promise<DialogueGeneration> =>
    beginDialogue(deps, {
      principal: requirePrincipal(request),
      requestId: request.id,
      body: request.body,
      outputFormat: request.query.output_format,
      logging: request.query.enable_logging,
    })

  return async (app) => {
    const schema = (summary: string, response: z.ZodType) => ({
      tags,
      summary,
      querystring: ttsQuery,
      body: dialogueBody,
      response: { 200: response },
    })

    app.post(
      '/v1/text-to-dialogue',
      { config, schema: schema('Render a dialogue of several voices into one audio', audio) },
      async (request, reply) => {
        const { gen } = await begin(request)
        const result = await collectGeneration(gen, clientGone(request, reply).signal)
        costHeaders(reply, gen)
        return reply.type(gen.format.contentType).send(result.audio)
      },
    )

    app.post(
      '/v1/text-to-dialogue/stream',
      { config, schema: schema('Render a dialogue, streamed as it is synthesised', audio) },
      async (request, reply) => {
        const { gen } = await begin(request)
        const body = await streamGeneration(
          gen,
          clientGone(request, reply).signal,
          (chunk) => Buffer.from(chunk.audio),
          () => reply.raw.destroy(),
        )
        costHeaders(reply, gen)
        return reply.type(gen.format.contentType).send(body)
      },
    )

    app.post(
      '/v1/text-to-dialogue/with-timestamps',
      {
        config,
        schema: schema(
          'Render a dialogue with character timings and voice segments',
          dialogueWithTimestampsResponse,
        ),
      },
      async (request, reply) => {
        const { gen, pieces } = await begin(request)
        const track = voiceSegmentTracker(pieces)
        const segments: VoiceSegment[] = []
        const result = await collectGeneration(gen, clientGone(request, reply).signal, (chunk) =>
          segments.push(...track(chunk)),
        )
        costHeaders(reply, gen)
        return {
          ...timestampsBody(result.audio, result.alignment, result.normalizedAlignment),
          voice_segments: mergeVoiceSegments(segments),
        }
      },
    )

    app.post(
      '/v1/text-to-dialogue/stream/with-timestamps',
      {
        config,
        schema: schema(
          'Stream a dialogue as JSON lines with audio, character timings and voice segments',
          z.any(),
        ),
      },
      async (request, reply) => {
        const { gen, pieces } = await begin(request)
        const track = voiceSegmentTracker(pieces)
        const body = await streamGeneration(
          gen,
          clientGone(request, reply).signal,
          (chunk) => timestampsLine(chunk, { voice_segments: track(chunk) }),
          () => reply.raw.destroy(),
        )
        costHeaders(reply, gen)
        return reply.type('application/json').send(body)
      },
    )
  }
}
