import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { projectEnvelope } from '../studio/studio.module.js'
import { createPodcastBody } from './podcasts.schemas.js'
import type { PodcastsService } from './podcasts.service.js'

const tags = ['studio']

// POST /v1/studio/podcasts: a document becomes a Studio project read by two voices.
export function podcastsRoutes(service: PodcastsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/studio/podcasts',
      {
        config: { scope: 'projects', verifiedEmail: true },
        schema: {
          tags,
          summary: 'Create a podcast project from a document',
          description:
            "mode `conversation` (host and guest; written by the operator's language model, PODCAST_LLM_URL), " +
            '`bulletin` (the host reads the document) or `turns` (Timbre: the host and the guest read the ' +
            "document's paragraphs in turns, no language model needed). The project's blocks alternate the voices.",
          body: createPodcastBody,
          response: { 200: projectEnvelope },
        },
      },
      async (request) => service.create(requirePrincipal(request), request.body),
    )
  }
}
