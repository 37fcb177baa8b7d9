import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { createDub } from './dub-create.js'
import type { DubbingModuleDeps } from './dubbing.module.js'
import {
  dubbingConfig as config,
  dubLanguageParams,
  dubMetadataSchema,
  dubParams,
  exportQuery,
  listQuery,
  dubbingTags as tags,
  transcriptQuery,
  transcriptsParams,
} from './dubbing.schemas.js'
import { dubbingForm, readDubbingForm } from './dubbing-form.js'
import type { DownloadedFile, Dubs } from './dubs.js'

// POST/GET /v1/dubbing, GET/DELETE /v1/dubbing/{dubbing_id}, the dubbed audio, transcripts and
// exports of a language.

const describePrice =
  'Watermarked dubs cost 2,000 credits per minute, 3,000 without a watermark; with dubbing_studio 5,000 ' +
  'watermarked and 10,000 without. A dub with no speech fails and is refunded.'

function send(reply: import('fastify').FastifyReply, file: DownloadedFile, attachment = false) {
  if (attachment)
    reply.header('content-disposition', `attachment; filename="${file.fileName.replace(/"/g, '')}"`)
  return reply.type(file.contentType).send(file.data)
}

export function dubbingRoutes(deps: DubbingModuleDeps, dubs: Dubs): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/dubbing',
      {
        config: { ...config, multipart: dubbingForm },
        schema: {
          tags,
          summary: 'Dub a video or audio file into another language',
          description: `${describePrice} Runs as a job: poll GET /v1/dubbing/{dubbing_id} for progress.`,
          response: { 200: z.object({ dubbing_id: z.string(), expected_duration_sec: z.number() }) },
        },
      },
      async (request) =>
        createDub(deps, requirePrincipal(request), request.id, await readDubbingForm(request)),
    )

    app.get(
      '/v1/dubbing',
      {
        config,
        schema: {
          tags,
          summary: 'List dubs, newest first',
          querystring: listQuery,
          response: {
            200: z.object({
              dubs: z.array(dubMetadataSchema),
              has_more: z.boolean(),
              next_cursor: z.string().optional(),
            }),
          },
        },
      },
      async (request) =>
        dubs.list(requirePrincipal(request), {
          pageSize: request.query.page_size,
          cursor: request.query.cursor,
          status: request.query.dubbing_status,
        }),
    )

    app.get(
      '/v1/dubbing/:dubbing_id',
      {
        config,
        schema: {
          tags,
          summary: 'A dub: status, progress and languages',
          params: dubParams,
          response: { 200: dubMetadataSchema },
        },
      },
      async (request) => dubs.get(requirePrincipal(request), request.params.dubbing_id),
    )

    app.delete(
      '/v1/dubbing/:dubbing_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a dub and its files',
          params: dubParams,
          response: { 200: z.object({ status: z.string() }) },
        },
      },
      async (request) => dubs.remove(requirePrincipal(request), request.params.dubbing_id),
    )

    app.get(
      '/v1/dubbing/:dubbing_id/audio/:language_code',
      {
        config,
        schema: {
          tags,
          summary: 'The dubbed file of a language (MP4 for a video, MP3 for audio)',
          params: dubLanguageParams,
          response: { 200: z.any().describe('MP4 video or MP3 audio') },
        },
      },
      async (request, reply) =>
        send(
          reply,
          await dubs.audio(
            requirePrincipal(request),
            request.params.dubbing_id,
            request.params.language_code,
          ),
        ),
    )

    await app.register(downloadRoutes(dubs))
  }
}

/** A language's transcripts, exports and the source media. */
function downloadRoutes(dubs: Dubs): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/dubbing/:dubbing_id/transcript/:language_code',
      {
        config,
        schema: {
          tags,
          summary: 'The transcript of a language (the source language gives the original)',
          params: dubLanguageParams,
          querystring: transcriptQuery,
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const body = await dubs.transcript(
          requirePrincipal(request),
          request.params.dubbing_id,
          request.params.language_code,
          request.query.format_type,
        )
        // SRT and WebVTT come as a JSON string, as the public API answers them.
        return reply.type('application/json').send(JSON.stringify(body))
      },
    )

    app.get(
      '/v1/dubbing/:dubbing_id/transcripts/:language_code/format/:format_type',
      {
        config,
        schema: {
          tags,
          summary: 'The transcript of a language in one format',
          params: transcriptsParams,
          response: {
            200: z.object({
              transcript_format: z.enum(['srt', 'webvtt', 'json']),
              srt: z.string().optional(),
              webvtt: z.string().optional(),
              json: z.any().optional(),
            }),
          },
        },
      },
      async (request) => {
        const { dubbing_id, language_code, format_type } = request.params
        const body = await dubs.transcript(requirePrincipal(request), dubbing_id, language_code, format_type)
        return { transcript_format: format_type, [format_type]: body }
      },
    )

    app.get(
      '/v1/dubbing/:dubbing_id/export/:language_code',
      {
        config,
        schema: {
          tags,
          summary: 'Download a language in an export format',
          description:
            'mp4 (video sources), aac, mp3, wav, tracks_zip (one WAV per speaker and the background), clips_zip, ' +
            'srt, csv (speaker, start_time, end_time, transcription, translation), aaf (one track per speaker, ' +
            'each segment a clip at its place, the sound embedded, edit rate 48000).',
          params: dubLanguageParams,
          querystring: exportQuery,
          response: { 200: z.any() },
        },
      },
      async (request, reply) =>
        send(
          reply,
          await dubs.exported(
            requirePrincipal(request),
            request.params.dubbing_id,
            request.params.language_code,
            request.query.format,
          ),
          true,
        ),
    )

    app.get(
      '/v1/dubbing/:dubbing_id/source',
      {
        config,
        schema: { tags, summary: 'The source media of a dub', params: dubParams, response: { 200: z.any() } },
      },
      async (request, reply) =>
        send(reply, await dubs.source(requirePrincipal(request), request.params.dubbing_id)),
    )
  }
}
