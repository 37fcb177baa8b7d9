import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  isolationConfig as config,
  isolationHistoryQuery,
  isolationHistoryResponse,
  isolationItemParams,
  isolationTags as tags,
} from './audio-isolation.schemas.js'
import type { IsolationService } from './audio-isolation.service.js'

/** The Fastify instance the routes register on, with its zod type provider. */
type IsolationApp = Parameters<FastifyPluginAsyncZod>[0]

/** The isolation history: list, a result's audio, delete. */
export function isolationHistoryRoutes(app: IsolationApp, service: IsolationService): void {
  app.get(
    '/v1/audio-isolation/history',
    {
      config,
      schema: {
        tags,
        summary: 'List your voice isolation results, newest first',
        querystring: isolationHistoryQuery,
        response: { 200: isolationHistoryResponse },
      },
    },
    async (request) =>
      service.list(requirePrincipal(request), {
        pageSize: request.query.page_size,
        page: request.query.page,
        search: request.query.search,
      }),
  )

  app.get(
    '/v1/audio-isolation/history/:history_item_id/audio',
    {
      config,
      schema: {
        tags,
        summary: 'The audio of a voice isolation result',
        params: isolationItemParams,
        response: { 200: z.any().describe('MP3 audio') },
      },
    },
    async (request, reply) => {
      const { row, audio } = await service.audio(requirePrincipal(request), request.params.history_item_id)
      return reply.type(row.content_type).send(audio)
    },
  )

  app.delete(
    '/v1/audio-isolation/history/:history_item_id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a voice isolation result and its audio',
        params: isolationItemParams,
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (request) => {
      await service.remove(requirePrincipal(request), request.params.history_item_id)
      return { status: 'ok' as const }
    },
  )
}
