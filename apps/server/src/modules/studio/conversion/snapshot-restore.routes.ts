import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import { chapterSnapshotParams, snapshotParams, statusOk } from '../studio.schemas.js'
import type { SnapshotsService } from './snapshots.service.js'

// Ours: a chapter or a whole project back to a snapshot's text and audio.
const tags = ['studio']
const config = { scope: 'projects' as const }

export function snapshotRestoreRoutes(snapshots: SnapshotsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/studio/projects/:project_id/snapshots/:project_snapshot_id/restore',
      {
        config,
        schema: {
          tags,
          summary: "Ours: every chapter back to this project snapshot's text and audio",
          params: snapshotParams,
          response: { 200: statusOk },
        },
      },
      async (request) =>
        snapshots.restoreProjectSnapshot(
          requirePrincipal(request),
          request.params.project_id,
          request.params.project_snapshot_id,
        ),
    )

    app.post(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/snapshots/:chapter_snapshot_id/restore',
      {
        config,
        schema: {
          tags,
          summary: "Ours: the chapter back to this snapshot's text and audio",
          params: chapterSnapshotParams,
          response: { 200: statusOk },
        },
      },
      async (request) =>
        snapshots.restoreChapterSnapshot(
          requirePrincipal(request),
          request.params.project_id,
          request.params.chapter_id,
          request.params.chapter_snapshot_id,
        ),
    )
  }
}
