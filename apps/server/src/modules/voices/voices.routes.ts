import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  getVoiceQuery,
  listVoicesQuery,
  searchVoicesQuery,
  statusOk,
  voice,
  voiceIdParams,
  voicesV1Response,
  voicesV2Response,
} from './voices.schemas.js'
import type { Caller, VoicesService } from './voices.service.js'

// Listing, reading and deleting voices.
const tags = ['voices']
const config = { scope: 'voices' as const }

const callerOf = (request: FastifyRequest): Caller => ({
  ...requirePrincipal(request),
  origin: request.siteOrigin,
})

export function voicesRoutes(voices: VoicesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/voices',
      {
        config,
        schema: {
          tags,
          summary: 'List every voice you can use (premade and your workspace’s)',
          querystring: listVoicesQuery,
          response: { 200: voicesV1Response },
        },
      },
      async (request) => voices.listAll(callerOf(request), request.query.show_legacy),
    )

    app.get(
      '/v2/voices',
      {
        config,
        schema: {
          tags,
          summary: 'Search voices, one page at a time',
          description:
            'Keyset pagination: pass `next_page_token` from the previous page with the same `sort` and `sort_direction`. ' +
            '`total_count` is exact with `include_total_count=true` (the default), otherwise the size of this page.',
          querystring: searchVoicesQuery,
          response: { 200: voicesV2Response },
        },
      },
      async (request) => voices.search(callerOf(request), request.query),
    )

    app.get(
      '/v1/voices/:voice_id',
      {
        config,
        schema: {
          tags,
          summary: 'Get a voice',
          params: voiceIdParams,
          querystring: getVoiceQuery,
          response: { 200: voice },
        },
      },
      async (request) => voices.get(callerOf(request), request.params.voice_id, request.query.with_settings),
    )

    app.delete(
      '/v1/voices/:voice_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a voice of your workspace (premade voices cannot be deleted)',
          params: voiceIdParams,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await voices.remove(requirePrincipal(request), request.params.voice_id)
        return { status: 'ok' as const }
      },
    )
  }
}
