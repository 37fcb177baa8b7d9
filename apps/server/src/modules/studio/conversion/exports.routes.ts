import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import { exportBody, exportParams, exportView, projectIdParams } from '../studio.schemas.js'
import type { ExportsService } from './exports.service.js'

// Ours: exports of a project or chapter as jobs with a percent, and the finished file.
const tags = ['studio']
const config = { scope: 'projects' as const }

export function exportsRoutes(exports: ExportsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/studio/projects/:project_id/exports',
      {
        config,
        schema: {
          tags,
          summary:
            'Ours: start an export (MP3, WAV, or M4B with chapter marks; loudness-normalised) as a job; an identical export already running is answered (200) instead of a second',
          params: projectIdParams,
          body: exportBody,
          response: { 200: exportView, 202: exportView },
        },
      },
      async (request, reply) => {
        const { created, view } = await exports.start(requirePrincipal(request), request.params.project_id, {
          format: request.body.format,
          chapterId: request.body.chapter_id ?? null,
        })
        return reply.code(created ? 202 : 200).send(view)
      },
    )

    app.get(
      '/v1/studio/projects/:project_id/exports/:export_id',
      {
        config,
        schema: {
          tags,
          summary: 'Ours: an export job, its percent and, once done, its file and loudness',
          params: exportParams,
          response: { 200: exportView },
        },
      },
      async (request) =>
        exports.find(requirePrincipal(request), request.params.project_id, request.params.export_id),
    )

    app.get(
      '/v1/studio/projects/:project_id/exports/:export_id/download',
      {
        config,
        schema: {
          tags,
          summary: "Ours: a finished export's file (409 until it is done)",
          params: exportParams,
        },
      },
      async (request, reply) => {
        const { row, audio } = await exports.download(
          requirePrincipal(request),
          request.params.project_id,
          request.params.export_id,
        )
        const loudness = row.loudness
        return reply
          .headers({
            'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(row.file_name ?? 'audio')}`,
            ...(loudness
              ? {
                  'x-loudness-integrated-lufs': loudness.integrated_lufs.toFixed(1),
                  'x-loudness-true-peak-db': loudness.true_peak_db.toFixed(1),
                  'x-loudness-rms-db': loudness.rms_db.toFixed(1),
                }
              : {}),
          })
          .type(row.content_type ?? 'application/octet-stream')
          .send(audio)
      },
    )
  }
}
