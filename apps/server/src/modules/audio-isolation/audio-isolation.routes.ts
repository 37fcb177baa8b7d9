import { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { IsolationItemRow } from './audio-isolation.repository.js'
import {
  isolationConfig as config,
  isolationJob,
  isolationJobParams,
  isolationTags as tags,
} from './audio-isolation.schemas.js'
import type { IsolationLimits, IsolationService } from './audio-isolation.service.js'
import { isolationForm, readIsolationForm } from './isolation-form.js'
import { isolationHistoryRoutes } from './isolation-history.routes.js'
import type { IsolationJobs } from './isolation-jobs.service.js'

/** Pieces of a streamed answer. */
const STREAM_CHUNK_BYTES = 16 * 1024
const describeForm =
  'Answers MP3 (44.1 kHz, 128 kbps). 1,000 credits per minute of input. A silent file is refused (422).'

// POST /v1/audio-isolation and /stream; the isolation history (list, delete, audio).
export function audioIsolationRoutes(
  service: IsolationService,
  jobs: IsolationJobs,
  limits: IsolationLimits,
): FastifyPluginAsyncZod {
  const form = isolationForm(limits)
  const upload = { ...config, multipart: form }
  return async (app) => {
    const headers = (row: IsolationItemRow) => ({
      'history-item-id': row.id,
      'character-cost': String(row.credits),
    })

    /** Submits the upload as a job and waits for it; a closed connection stops the wait, not the job. */
    async function isolateAndWait(request: FastifyRequest) {
      const principal = requirePrincipal(request)
      const upload = await readIsolationForm(request, form)
      const jobId = await jobs.submit(principal, request.id, upload)
      const closed = new AbortController()
      request.raw.once('close', () => closed.abort())
      const historyItemId = await jobs.waitFor(principal, jobId, closed.signal)
      return service.audio(principal, historyItemId)
    }

    app.post(
      '/v1/audio-isolation',
      {
        config: upload,
        schema: {
          tags,
          summary: 'Remove background noise from a recording, keeping the voice',
          description: `${describeForm} Runs as a background job; this call waits for it.`,
          response: { 200: z.any().describe('MP3 audio') },
        },
      },
      async (request, reply) => {
        const { row, audio } = await isolateAndWait(request)
        return reply.headers(headers(row)).type(row.content_type).send(audio)
      },
    )

    app.post(
      '/v1/audio-isolation/stream',
      {
        config: upload,
        schema: {
          tags,
          summary: 'Remove background noise, answering the result as a chunked stream',
          description: `${describeForm} Runs as a background job; the audio is streamed once it is made.`,
          response: { 200: z.any().describe('MP3 audio, chunked') },
        },
      },
      async (request, reply) => {
        const { row, audio } = await isolateAndWait(request)
        const body = Readable.from(
          (function* () {
            for (let at = 0; at < audio.length; at += STREAM_CHUNK_BYTES)
              yield audio.subarray(at, at + STREAM_CHUNK_BYTES)
          })(),
        )
        return reply.headers(headers(row)).type(row.content_type).send(body)
      },
    )

    app.post(
      '/v1/audio-isolation/jobs',
      {
        config: upload,
        schema: {
          tags,
          summary: 'Start voice isolation as a background job (follow it with the job status call)',
          description: describeForm,
          response: { 202: isolationJob },
        },
      },
      async (request, reply) => {
        const principal = requirePrincipal(request)
        const upload = await readIsolationForm(request, form)
        const jobId = await jobs.submit(principal, request.id, upload)
        return reply.status(202).send(await jobs.status(principal, jobId))
      },
    )

    app.get(
      '/v1/audio-isolation/jobs/:job_id',
      {
        config,
        schema: {
          tags,
          summary: 'A voice isolation job: status, percent done, and its history item when done',
          params: isolationJobParams,
          response: { 200: isolationJob },
        },
      },
      async (request) => jobs.status(requirePrincipal(request), request.params.job_id),
    )

    isolationHistoryRoutes(app, service)
  }
}
