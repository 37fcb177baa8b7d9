import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
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
        const parts: Uint8Array[] = []
        try {
          for await (const piece of run.pieces()) parts.push(piece)
        } catch (error) {
          await run.abandon()
          throw error
        }
        return reply.headers(headers(run)).type(run.contentType).send(Buffer.concat(parts))
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
        const iterator = run.pieces()[Symbol.asyncIterator]()
        let finished = false
        const body = Readable.from(
          (async function* () {
            try {
              for (let step = await iterator.next(); !step.done; step = await iterator.next())
                yield step.value
              finished = true
            } finally {
              // A client that went away, or a failure mid-stream: nothing stored, nothing charged.
              if (!finished) await run.abandon()
            }
          })(),
        )
        reply.raw.on('close', () => {
          if (!finished) body.destroy()
        })
        return reply.headers(headers(run)).type(run.contentType).send(body)
      },
    )
  }
}
