import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  chapterEnvelope,
  chapterIdParams,
  chapterList,
  chapterWithContent,
  createChapterBody,
  projectIdParams,
  statusOk,
  updateChapterBody,
} from './studio.schemas.js'
import type { StudioService } from './studio.service.js'

// The chapters of a Studio project: list, add, read with content, save, delete.
const tags = ['studio']
const config = { scope: 'projects' as const }

export function chaptersRoutes(studio: StudioService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/studio/projects/:project_id/chapters',
      {
        config,
        schema: {
          tags,
          summary: 'The chapters of a project',
          params: projectIdParams,
          response: { 200: chapterList },
        },
      },
      async (request) => studio.listChapters(requirePrincipal(request), request.params.project_id),
    )

    app.post(
      '/v1/studio/projects/:project_id/chapters',
      {
        config,
        schema: {
          tags,
          summary: 'Add a chapter at the end of a project',
          params: projectIdParams,
          body: createChapterBody,
          response: { 200: chapterEnvelope },
        },
      },
      async (request) =>
        studio.createChapter(requirePrincipal(request), request.params.project_id, request.body),
    )

    app.get(
      '/v1/studio/projects/:project_id/chapters/:chapter_id',
      {
        config,
        schema: {
          tags,
          summary: 'A chapter with its content',
          params: chapterIdParams,
          response: { 200: chapterWithContent },
        },
      },
      async (request) =>
        studio.getChapter(requirePrincipal(request), request.params.project_id, request.params.chapter_id),
    )

    app.post(
      '/v1/studio/projects/:project_id/chapters/:chapter_id',
      {
        config,
        schema: {
          tags,
          summary: "Save a chapter's name and content",
          description:
            'Send `version` (ours: the chapter version the editor loaded) to refuse overwriting a newer save with 409.',
          params: chapterIdParams,
          body: updateChapterBody,
          response: { 200: chapterEnvelope },
        },
      },
      async (request) =>
        studio.updateChapter(
          requirePrincipal(request),
          request.params.project_id,
          request.params.chapter_id,
          request.body,
        ),
    )

    app.delete(
      '/v1/studio/projects/:project_id/chapters/:chapter_id',
      {
        config,
        schema: { tags, summary: 'Delete a chapter', params: chapterIdParams, response: { 200: statusOk } },
      },
      async (request) =>
        studio.deleteChapter(requirePrincipal(request), request.params.project_id, request.params.chapter_id),
    )
  }
}
