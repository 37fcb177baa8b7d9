import { STUDIO_PUBLISHING_IMAGE_MAX_BYTES } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { multipartForm, readMultipart } from '../../../platform/http/multipart.js'
import { requirePrincipal } from '../../../plugins/auth.js'
import { projectIdParams } from '../studio.schemas.js'
import { publishBody, publishingView } from './publishing.schemas.js'
import type { PublishingService } from './publishing.service.js'

// Our own calls (the public API has no publishing call): publish a Studio project to this
// server's public reader page, take it down, read the state and percent, and set the image of
// the publishing settings. Changing the publication needs the publishing feature of the
// member's groups as well as Studio.
const tags = ['studio publishing']
const readConfig = { scope: 'projects' as const }
// Publishing puts content on a public page: like spending credits, it needs a verified email.
const config = {
  scope: 'projects' as const,
  permission: 'publish_studio_project' as const,
  verifiedEmail: true,
}

/** The publishing image: one file. */
const imageForm = multipartForm({
  files: {
    image: {
      description: 'JPEG, PNG or WebP, recognised by content; 172x172 pixels recommended.',
      maxBytes: STUDIO_PUBLISHING_IMAGE_MAX_BYTES,
      label: 'The publishing image',
      required: true,
    },
  },
  fields: {},
})

export function publishingRoutes(publishing: PublishingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/studio/projects/:project_id/publishing',
      {
        config: readConfig,
        schema: {
          tags,
          summary: "A Studio project's publication: state, percent while publishing, public page",
          params: projectIdParams,
          response: { 200: publishingView },
        },
      },
      async (request) => publishing.status(requirePrincipal(request), request.params.project_id),
    )

    app.post(
      '/v1/studio/projects/:project_id/publish',
      {
        config,
        schema: {
          tags,
          summary: 'Publish (or republish) a Studio project to its public reader page',
          description:
            'Starts a publish job from the converted chapters (409 when a chapter is not converted). ' +
            'State goes publishing (first time) or updating (republish), then published. `full_access` ' +
            'lets listeners hear whole chapters; by default they hear the free preview (first 5 minutes).',
          params: projectIdParams,
          body: publishBody,
          response: { 200: publishingView },
        },
      },
      async (request) =>
        publishing.publish(requirePrincipal(request), request.params.project_id, {
          full_access: request.body?.full_access,
        }),
    )

    app.delete(
      '/v1/studio/projects/:project_id/publish',
      {
        config,
        schema: {
          tags,
          summary: 'Unpublish a Studio project: its public page answers 404',
          params: projectIdParams,
          response: { 200: publishingView },
        },
      },
      async (request) => publishing.unpublish(requirePrincipal(request), request.params.project_id),
    )

    app.get(
      '/v1/studio/projects/:project_id/publishing/image',
      {
        config: readConfig,
        schema: { tags, summary: "A Studio project's publishing image", params: projectIdParams },
      },
      async (request, reply) => {
        const image = await publishing.readImage(requirePrincipal(request), request.params.project_id)
        return reply.header('x-content-type-options', 'nosniff').type(image.mimeType).send(image.data)
      },
    )

    app.post(
      '/v1/studio/projects/:project_id/publishing/image',
      {
        config: { ...config, multipart: imageForm },
        schema: {
          tags,
          summary: "Set a Studio project's publishing image",
          params: projectIdParams,
          response: { 200: publishingView },
        },
      },
      async (request) => {
        const form = await readMultipart(request, imageForm)
        const image = form.requiredFile('image').data
        return publishing.setImage(requirePrincipal(request), request.params.project_id, image)
      },
    )

    app.delete(
      '/v1/studio/projects/:project_id/publishing/image',
      {
        config,
        schema: {
          tags,
          summary: "Remove a Studio project's publishing image",
          params: projectIdParams,
          response: { 200: publishingView },
        },
      },
      async (request) => publishing.setImage(requirePrincipal(request), request.params.project_id, null),
    )
  }
}
