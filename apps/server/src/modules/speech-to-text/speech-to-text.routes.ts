import { FORCED_ALIGNMENT_CREDITS_PER_MINUTE, SPEECH_TO_TEXT_CREDITS_PER_MINUTE } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.js'
import { requirePrincipal } from '../../plugins/auth.js'
import { ExportOptionError, type ExportRequest, readExportQuery } from './exports/export-options.js'
import type { ForcedAlignmentService } from './forced-alignment.service.js'
import { webhookAnswer } from './jobs/transcription-jobs.schemas.js'
import type { TranscriptionJobs } from './jobs/transcription-jobs.service.js'
import {
  alignmentQuery,
  alignmentResponse,
  transcriptExportQuery,
  transcriptParams,
  transcriptResponse,
  transcriptsPage,
  transcriptsQuery,
} from './speech-to-text.schemas.js'
import type { SpeechToTextService } from './speech-to-text.service.js'
import { alignmentForm, readAlignmentForm, readTranscriptionForm, transcriptionForm } from './stt-form.js'

const tags = ['speech to text']
const config = { scope: 'speech-to-text' as const, verifiedEmail: true }

// POST /v1/speech-to-text, the stored transcripts, and POST /v1/forced-alignment.
export function speechToTextRoutes(
  stt: SpeechToTextService,
  alignment: ForcedAlignmentService,
  jobs: TranscriptionJobs,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/speech-to-text',
      {
        config: { ...config, multipart: transcriptionForm },
        schema: {
          tags,
          summary: 'Transcribe an audio or video file',
          description:
            `${SPEECH_TO_TEXT_CREDITS_PER_MINUTE} credits per minute of audio, counted by the second; a file with no speech costs nothing. ` +
            'With `webhook=true` the answer comes at once and the transcript goes to the workspace’s speech to text webhooks ' +
            '(at most 3 files of a workspace at a time; follow one with `GET /v1/speech-to-text/jobs/{transcription_id}`).',
          response: { 200: z.union([transcriptResponse, webhookAnswer]) },
        },
      },
      async (request) => {
        const principal = requirePrincipal(request)
        const input = await readTranscriptionForm(request)
        return input.webhook
          ? jobs.submit(principal, request.id, input)
          : stt.transcribe(principal, request.id, input)
      },
    )

    app.get(
      '/v1/speech-to-text/transcripts',
      {
        config,
        schema: {
          tags,
          summary: 'The workspace’s stored transcripts, newest first',
          querystring: transcriptsQuery,
          response: { 200: transcriptsPage },
        },
      },
      async (request) => stt.list(requirePrincipal(request), request.query),
    )

    app.get(
      '/v1/speech-to-text/transcripts/:transcription_id',
      {
        config,
        schema: {
          tags,
          summary: 'A stored transcript',
          params: transcriptParams,
          response: { 200: transcriptResponse },
        },
      },
      async (request) => stt.get(requirePrincipal(request), request.params.transcription_id),
    )

    app.get(
      '/v1/speech-to-text/transcripts/:transcription_id/export',
      {
        config,
        schema: {
          tags,
          summary: 'Download a stored transcript as SRT, WebVTT, text, segmented JSON, DOCX, PDF or HTML',
          description:
            'The same files as the `additional_formats` of `POST /v1/speech-to-text`, with the same options as ' +
            'query parameters, sent as an attachment (for example `?format=srt&max_characters_per_line=32`). ' +
            'Subtitles need a transcript made with word or character timestamps.',
          params: transcriptParams,
          querystring: transcriptExportQuery,
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        let exportRequest: ExportRequest
        try {
          exportRequest = readExportQuery(request.query)
        } catch (error) {
          if (error instanceof ExportOptionError)
            throw new AppError('validation_error', { param: 'format', message: error.message })
          throw error
        }
        const file = await stt.download(
          requirePrincipal(request),
          request.params.transcription_id,
          exportRequest,
        )
        return reply
          .type(file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(file.data)
      },
    )

    app.delete(
      '/v1/speech-to-text/transcripts/:transcription_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a stored transcript',
          params: transcriptParams,
          response: { 200: z.object({}) },
        },
      },
      async (request) => {
        await stt.remove(requirePrincipal(request), request.params.transcription_id)
        return {}
      },
    )

    app.post(
      '/v1/forced-alignment',
      {
        config: {
          scope: 'forced-alignment' as const,
          // Alignment is part of the speech to text product for group permissions.
          permission: 'speech_to_text' as const,
          verifiedEmail: true,
          multipart: alignmentForm,
        },
        schema: {
          tags: ['forced alignment'],
          summary: 'Word and character times of a known text in an audio file',
          description: `${FORCED_ALIGNMENT_CREDITS_PER_MINUTE} credits per minute of audio, counted by the second.`,
          querystring: alignmentQuery,
          response: { 200: alignmentResponse },
        },
      },
      async (request) => {
        const { file, text, languageCode } = await readAlignmentForm(request)
        const language = languageCode ?? request.query.language_code ?? null
        return alignment.align(requirePrincipal(request), request.id, file, text, language)
      },
    )
  }
}
