import { joinAudio } from '@timbre/speech'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { streamSource } from '../../platform/generation/generation-response.js'
import { requirePrincipal } from '../../plugins/auth.js'
import type { SpeechToSpeechService, StsRun } from './speech-to-speech.service.js'
import { readStsForm, stsForm } from './sts-form.js'

const tags = ['speech to speech']
const config = { scope: 'speech-to-speech' as const, verifiedEmail: true, multipart: stsForm }
const params = z.object({ voice_id: z.string().min(1).max(64) })
const query = z.object({
  output_format: z.string().max(40).optional(),
  enable_logging: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v !== 'false'),
  optimize_streaming_latency: z.coerce.number().int().min(0).max(4).optional(),
})
const describeForm =
  'The words and timing stay; pitch, formants, EQ and loudness move to the voice. 1,000 credits per ' +
  'minute of input; silence and non-audio are refused (422) with no charge.'

// POST /v1/speech-to-speech/{voice_id} and /stream.
export function speechToSpeechRoutes(service: SpeechToSpeechService): FastifyPluginAsyncZod {
  return async (app) => {
    const headers = (run: StsRun) => ({
      ...(run.historyItemId ? { 'history-item-id': run.historyItemId } : {}),
      'character-cost': String(run.cost),
    })

    app.post(
      '/v1/speech-to-speech/:voice_id',
      {
        config,
        schema: {
          tags,
          summary: 'Convert speech into the voice, keeping its words and timing',
          description: describeForm,
          params,
          querystring: query,
          response: { 200: z.any().describe('Audio') },
        },
      },
      async (request, reply) => {
        const upload = await readStsForm(request)
        const run = await service.begin({
          principal: requirePrincipal(request),
          requestId: request.id,
          voiceId: request.params.voice_id,
          upload,
          outputFormat: request.query.output_format,
          enableLogging: request.query.enable_logging,
        })
        // The whole file goes out once it is charged and in history: until then nothing is sent.
        const parts: Uint8Array[] = []
        try {
          for await (const piece of run.pieces()) {
            run.held(piece)
            parts.push(piece.audio)
          }
          await run.complete()
        } catch (error) {
          await run.abandon()
          throw error
        }
        const audio = joinAudio(parts, run.format)
        return reply
          .headers(headers(run))
          .type(run.format.contentType)
          .send(Buffer.from(audio.buffer, audio.byteOffset, audio.byteLength))
      },
    )

    app.post(
      '/v1/speech-to-speech/:voice_id/stream',
      {
        config,
        schema: {
          tags,
          summary: 'Convert speech into the voice, streaming the audio as it is encoded',
          description: describeForm,
          params,
          querystring: query,
          response: { 200: z.any().describe('Audio, chunked') },
        },
      },
      async (request, reply) => {
        const upload = await readStsForm(request)
        const run = await service.begin({
          principal: requirePrincipal(request),
          requestId: request.id,
          voiceId: request.params.voice_id,
          upload,
          outputFormat: request.query.output_format,
          enableLogging: request.query.enable_logging,
        })
        const body = await streamSource(run.pieces(), {
          encode: (piece) => Buffer.from(piece.audio.buffer, piece.audio.byteOffset, piece.audio.byteLength),
          delivered: (piece) => run.delivered(piece),
          complete: () => run.complete(),
          fail: () => run.abandon(),
          onBroken: () => reply.raw.destroy(),
        })
        return reply.headers(headers(run)).type(run.format.contentType).send(body)
      },
    )
  }
}
