import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  isolationHistoryQuery,
  isolationHistoryResponse,
  isolationItemParams,
} from './audio-isolation.schemas.js'
import type { IsolationLimits, IsolationRun, IsolationService } from './audio-isolation.service.js'
import { readIsolationForm } from './isolation-form.js'

const tags = ['audio isolation']
const config = { scope: 'audio-isolation' as const, verifiedEmail: true }
const describeForm =
  'multipart/form-data: `audio` (WAV, MP3, OGG, FLAC, M4A or WebM, checked by content; or raw ' +
  '16 kHz 16-bit mono PCM with `file_format=pcm_s16le_16`), `file_format`, `preview_b64`. ' +
  'Answers MP3 (44.1 kHz, 128 kbps). 1,000 credits per minute of input. A silent file is refused (422).'

// POST /v1/audio-isolation and /stream; the isolation history (list, delete, audio).
export function audioIsolationRoutes(
  service: IsolationService,
  limits: IsolationLimits,
): FastifyPluginAsyncZod {
  return async (app) => {
    const headers = (run: IsolationRun) => ({
      'history-item-id': run.historyItemId,
      'character-cost': String(run.cost),
    })

    app.post(
      '/v1/audio-isolation',
      {
        config,
        schema: {
          tags,
          summary: 'Remove background noise from a recording, keeping the voice',
          description: describeForm,
          consumes: ['multipart/form-data'],
          response: { 200: z.any().describe('MP3 audio') },
        },
      },
      async (request, reply) => {
        const upload = await readIsolationForm(request, limits)
        const run = await service.begin(requirePrincipal(request), request.id, upload)
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
      '/v1/audio-isolation/stream',
      {
        config,
        schema: {
          tags,
          summary: 'Remove background noise, streaming the result as it is made',
          description: describeForm,
          consumes: ['multipart/form-data'],
          response: { 200: z.any().describe('MP3 audio, chunked') },
        },
      },
      async (request, reply) => {
        const upload = await readIsolationForm(request, limits)
        const run = await service.begin(requirePrincipal(request), request.id, upload)
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

    app.get(
      '/v1/audio-isolation/history',
      {
        config,
        schema: {
          tags,
          summary: 'List your voice isolation results, newest first',
          querystring: isolationHistoryQuery,
          response: { 200: isolationHistoryResponse },
        },
      },
      async (request) =>
        service.list(requirePrincipal(request), {
          pageSize: request.query.page_size,
          page: request.query.page,
          search: request.query.search,
        }),
    )

    app.get(
      '/v1/audio-isolation/history/:history_item_id/audio',
      {
        config,
        schema: {
          tags,
          summary: 'The audio of a voice isolation result',
          params: isolationItemParams,
          response: { 200: z.any().describe('MP3 audio') },
        },
      },
      async (request, reply) => {
        const { row, audio } = await service.audio(requirePrincipal(request), request.params.history_item_id)
        return reply.type(row.content_type).send(audio)
      },
    )

    app.delete(
      '/v1/audio-isolation/history/:history_item_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a voice isolation result and its audio',
          params: isolationItemParams,
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async (request) => {
        await service.remove(requirePrincipal(request), request.params.history_item_id)
        return { status: 'ok' as const }
      },
    )
  }
}
