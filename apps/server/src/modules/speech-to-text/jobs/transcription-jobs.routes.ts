import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import { transcriptParams } from '../speech-to-text.schemas.js'
import { transcriptionJob, transcriptionJobs } from './transcription-jobs.schemas.js'
import type { TranscriptionJobs } from './transcription-jobs.service.js'

const tags = ['speech to text']
const config = { scope: 'speech-to-text' as const, verifiedEmail: true }

// Timbre's own calls for background transcriptions (the public API only announces them by
// webhook): their progress while they run, and their errors once they fail.
export function transcriptionJobsRoutes(jobs: TranscriptionJobs): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/speech-to-text/jobs',
      {
        config,
        schema: {
          tags,
          summary: 'Files being transcribed in the background, and those that failed',
          response: { 200: transcriptionJobs },
        },
      },
      async (request) => jobs.listOpen(requirePrincipal(request)),
    )

    app.get(
      '/v1/speech-to-text/jobs/:transcription_id',
      {
        config,
        schema: {
          tags,
          summary: 'The state and percent done of a background transcription',
          params: transcriptParams,
          response: { 200: transcriptionJob },
        },
      },
      async (request) => jobs.status(requirePrincipal(request), request.params.transcription_id),
    )

    app.delete(
      '/v1/speech-to-text/jobs/:transcription_id',
      {
        config,
        schema: {
          tags,
          summary: 'Forget a failed background transcription',
          params: transcriptParams,
          response: { 200: z.object({}) },
        },
      },
      async (request) => {
        await jobs.dismiss(requirePrincipal(request), request.params.transcription_id)
        return {}
      },
    )
  }
}
