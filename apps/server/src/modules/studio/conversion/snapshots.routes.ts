import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import {
  chapterIdParams,
  chapterSnapshotExtended,
  chapterSnapshotList,
  chapterSnapshotParams,
  projectIdParams,
  projectSnapshotExtended,
  projectSnapshotList,
  snapshotParams,
  streamBody,
} from '../studio.schemas.js'
import type { SnapshotsService } from './snapshots.service.js'

// Snapshots of projects and chapters with their audio and archives.
const tags = ['studio']
const config = { scope: 'projects' as const }

export function snapshotsRoutes(snapshots: SnapshotsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/studio/projects/:project_id/snapshots',
      {
        config,
        schema: {
          tags,
          summary: "A project's snapshots",
          params: projectIdParams,
          response: { 200: projectSnapshotList },
        },
      },
      async (request) => snapshots.projectSnapshots(requirePrincipal(request), request.params.project_id),
    )

    app.get(
      '/v1/studio/projects/:project_id/snapshots/:project_snapshot_id',
      {
        config,
        schema: {
          tags,
          summary: 'A project snapshot',
          params: snapshotParams,
          response: { 200: projectSnapshotExtended },
        },
      },
      async (request) =>
        snapshots.projectSnapshot(
          requirePrincipal(request),
          request.params.project_id,
          request.params.project_snapshot_id,
        ),
    )

    app.post(
      '/v1/studio/projects/:project_id/snapshots/:project_snapshot_id/stream',
      {
        config,
        schema: {
          tags,
          summary: "A project snapshot's audio (MP3)",
          params: snapshotParams,
          body: streamBody,
        },
      },
      async (request, reply) => {
        const audio = await snapshots.projectSnapshotStream(
          requirePrincipal(request),
          request.params.project_id,
          request.params.project_snapshot_id,
        )
        return reply.type('audio/mpeg').send(audio)
      },
    )

    app.post(
      '/v1/studio/projects/:project_id/snapshots/:project_snapshot_id/archive',
      {
        config,
        schema: { tags, summary: "A project snapshot's chapters as a zip of MP3s", params: snapshotParams },
      },
      async (request, reply) => {
        const zip = await snapshots.projectSnapshotArchive(
          requirePrincipal(request),
          request.params.project_id,
          request.params.project_snapshot_id,
        )
        return reply
          .type('application/zip')
          .header('content-disposition', 'attachment; filename="project.zip"')
          .send(zip)
      },
    )

    app.get(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/snapshots',
      {
        config,
        schema: {
          tags,
          summary: "A chapter's snapshots",
          params: chapterIdParams,
          response: { 200: chapterSnapshotList },
        },
      },
      async (request) =>
        snapshots.chapterSnapshots(
          requirePrincipal(request),
          request.params.project_id,
          request.params.chapter_id,
        ),
    )

    app.get(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/snapshots/:chapter_snapshot_id',
      {
        config,
        schema: {
          tags,
          summary: 'A chapter snapshot',
          params: chapterSnapshotParams,
          response: { 200: chapterSnapshotExtended },
        },
      },
      async (request) => {
        const { project_id, chapter_id, chapter_snapshot_id } = request.params
        return snapshots.chapterSnapshot(
          requirePrincipal(request),
          project_id,
          chapter_id,
          chapter_snapshot_id,
        )
      },
    )

    app.post(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/snapshots/:chapter_snapshot_id/stream',
      {
        config,
        schema: {
          tags,
          summary: "A chapter snapshot's audio (MP3)",
          params: chapterSnapshotParams,
          body: streamBody,
        },
      },
      async (request, reply) => {
        const { project_id, chapter_id, chapter_snapshot_id } = request.params
        const audio = await snapshots.chapterSnapshotStream(
          requirePrincipal(request),
          project_id,
          chapter_id,
          chapter_snapshot_id,
        )
        return reply.type('audio/mpeg').send(audio)
      },
    )
  }
}
