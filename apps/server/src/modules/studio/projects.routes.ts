import { STUDIO_COVER_IMAGE_MAX_BYTES } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../errors.js'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  mutedTracks,
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
// replace the content, and the cover image.
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
            'original_publication_date, mature_content, isbn_number, fiction, volume_normalization), an optional ' +
            '`cover_image` (JPEG, PNG, SVG or WebP, at most 20 MB, recognised by content), and at most one content ' +
            'source: `from_document` (EPUB, DOCX, HTML or UTF-8 text, at most 20 MB, recognised by content), ' +
            '`from_url` (an HTTPS page whose readable text is imported) or `from_content_json`.',
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

    app.get(
      '/v1/studio/projects/:project_id/muted-tracks',
      {
        config,
        schema: {
          tags,
          summary: 'The chapters of a Studio project that have muted tracks',
          params: projectIdParams,
          response: { 200: mutedTracks },
        },
      },
      async (request) => studio.mutedTracks(requirePrincipal(request), request.params.project_id),
    )

    app.get(
      '/v1/studio/projects/:project_id/cover-image',
      {
        config,
        schema: { tags, summary: "A Studio project's cover image", params: projectIdParams },
      },
      async (request, reply) => {
        const cover = await studio.readCover(requirePrincipal(request), request.params.project_id)
        // An SVG opened on its own is a document: it may not run anything or reach anything.
        return reply
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('x-content-type-options', 'nosniff')
          .type(cover.mimeType)
          .send(cover.data)
      },
    )

    app.post(
      '/v1/studio/projects/:project_id/cover-image',
      {
        config,
        schema: {
          tags,
          summary: "Replace a Studio project's cover image",
          description: `multipart/form-data with \`cover_image\`: JPEG, PNG, SVG or WebP, at most ${STUDIO_COVER_IMAGE_MAX_BYTES / 1024 / 1024} MB, recognised by content.`,
          params: projectIdParams,
          consumes: ['multipart/form-data'],
          response: { 200: projectEnvelope },
        },
      },
      async (request) => {
        const form = await readStudioForm(request)
        if (!form.cover)
          throw new AppError('validation_error', {
            message: 'Send the image as cover_image.',
            param: 'cover_image',
          })
        return studio.setCover(requirePrincipal(request), request.params.project_id, form.cover)
      },
    )

    app.delete(
      '/v1/studio/projects/:project_id/cover-image',
      {
        config,
        schema: {
          tags,
          summary: "Remove a Studio project's cover image",
          params: projectIdParams,
          response: { 200: projectEnvelope },
        },
      },
      async (request) => studio.setCover(requirePrincipal(request), request.params.project_id, null),
    )
  }
}
