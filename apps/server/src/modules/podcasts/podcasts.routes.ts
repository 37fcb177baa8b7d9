import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { projectEnvelope } from '../studio/studio.module.js'
import { createPodcastBody, podcastModesResponse } from './podcasts.schemas.js'
import type { PodcastsService } from './podcasts.service.js'

const tags = ['studio']

// POST /v1/studio/podcasts: a document becomes a Studio project read by two voices.
// GET /v1/studio/podcasts/modes: which modes this server can make (Timbre's own).
export function podcastsRoutes(service: PodcastsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/studio/podcasts/modes',
      {
        config: { scope: 'projects' },
        schema: {
          tags,
          summary: 'List podcast modes and whether this server can make them',
          description:
            'Timbre: each mode with `available`; a conversation is unavailable (`no_language_model`) ' +
            'when the operator has configured no language model.',
          response: { 200: podcastModesResponse },
        },
      },
      async (request) => {
        requirePrincipal(request)
        return service.modes()
      },
    )
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
