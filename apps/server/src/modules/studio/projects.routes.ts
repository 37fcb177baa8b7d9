import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  projectEnvelope,
  projectExtended,
  projectIdParams,
  projectList,
  statusOk,
  updateProjectBody,
} from './studio.schemas.js'
import type { StudioService } from './studio.service.js'
import { readStudioForm } from './studio-form.js'

// Studio projects: create (blank, from a document or from content), list, read, update, delete,
// and replace the content.
const tags = ['studio']
const config = { scope: 'projects' as const }

export function projectsRoutes(studio: StudioService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/studio/projects',
      {
        config,
        schema: { tags, summary: 'The Studio projects of your workspace', response: { 200: projectList } },
      },
      async (request) => studio.list(requirePrincipal(request)),
    )

    app.post(
      '/v1/studio/projects',
      {
        config,
        schema: {
          tags,
          summary: 'Create a Studio project',
          description:
            'multipart/form-data: `name` (required, under 50 characters, no special characters), default voices and ' +
            'model, metadata (title, author, description, genres, target_audience, language, content_type, ' +
            'original_publication_date, mature_content, isbn_number, fiction, volume_normalization), and at most one ' +
            'content source: `from_document` (EPUB, DOCX, HTML or UTF-8 text, at most 20 MB, recognised by content) or ' +
            '`from_content_json`.',
          consumes: ['multipart/form-data'],
          response: { 200: projectEnvelope },
        },
      },
      async (request) => studio.create(requirePrincipal(request), await readStudioForm(request)),
    )

    app.get(
      '/v1/studio/projects/:project_id',
      {
        config,
        schema: {
          tags,
          summary: 'A Studio project with its chapters',
          params: projectIdParams,
          response: { 200: projectExtended },
        },
      },
      async (request) => studio.get(requirePrincipal(request), request.params.project_id),
    )

    app.post(
      '/v1/studio/projects/:project_id',
      {
        config,
        schema: {
          tags,
          summary: "Update a Studio project's name, default voices and metadata",
          params: projectIdParams,
          body: updateProjectBody,
          response: { 200: projectEnvelope },
        },
      },
      async (request) => studio.update(requirePrincipal(request), request.params.project_id, request.body),
    )

    app.delete(
      '/v1/studio/projects/:project_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a Studio project',
          params: projectIdParams,
          response: { 200: statusOk },
        },
      },
      async (request) => studio.remove(requirePrincipal(request), request.params.project_id),
    )

    app.post(
      '/v1/studio/projects/:project_id/content',
      {
        config,
        schema: {
          tags,
          summary: "Replace a Studio project's chapters with a document or content JSON",
          params: projectIdParams,
          consumes: ['multipart/form-data'],
          response: { 200: projectEnvelope },
        },
      },
      async (request) =>
        studio.replaceContent(
          requirePrincipal(request),
          request.params.project_id,
          await readStudioForm(request),
        ),
    )
  }
}
