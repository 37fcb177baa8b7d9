import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
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
import { readStudioForm, studioContentForm, studioCreateForm } from './studio-form.js'

// Studio projects: create (blank, from a document or from content), list, read, update, delete,
// replace the content (the cover image has its own routes).
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
        config: { ...config, multipart: studioCreateForm },
        schema: {
          tags,
          summary: 'Create a Studio project',
          description:
            'At most one content source: `from_document`, `from_url` or `from_content_json`; without one the ' +
            'project starts with an empty chapter.',
          response: { 200: projectEnvelope },
        },
      },
      async (request) =>
        studio.create(requirePrincipal(request), await readStudioForm(request, studioCreateForm)),
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
        config: { ...config, multipart: studioContentForm },
        schema: {
          tags,
          summary: "Replace a Studio project's chapters with a document or content JSON",
          params: projectIdParams,
          response: { 200: projectEnvelope },
        },
      },
      async (request) =>
        studio.replaceContent(
          requirePrincipal(request),
          request.params.project_id,
          await readStudioForm(request, studioContentForm),
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
  }
}
