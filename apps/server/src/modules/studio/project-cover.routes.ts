import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { readMultipart } from '../../platform/http/multipart.js'
import { requirePrincipal } from '../../plugins/auth.js'
import { projectEnvelope, projectIdParams } from './studio.schemas.js'
import type { StudioService } from './studio.service.js'
import { studioCoverForm } from './studio-form.js'

// The cover image of a Studio project: read, replaced, removed.
const tags = ['studio']
const config = { scope: 'projects' as const }

export function projectCoverRoutes(studio: StudioService): FastifyPluginAsyncZod {
  return async (app) => {
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
        config: { ...config, multipart: studioCoverForm },
        schema: {
          tags,
          summary: "Replace a Studio project's cover image",
          params: projectIdParams,
          response: { 200: projectEnvelope },
        },
      },
      async (request) => {
        const form = await readMultipart(request, studioCoverForm)
        const cover = form.requiredFile('cover_image').data
        return studio.setCover(requirePrincipal(request), request.params.project_id, cover)
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
