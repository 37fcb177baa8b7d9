import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sendAudio } from '../../lib/audio/audio-reply.js'
import { requirePrincipal } from '../../plugins/auth.js'
import { contentDisposition } from './download-names.js'
import {
  downloadBody,
  feedbackBody,
  historyItemParams,
  historyItemSchema,
  historyListQuery,
  historyPageSchema,
  shareLinkSchema,
} from './history.schemas.js'
import type { HistoryService } from './history.service.js'
import { type HistoryDownloadService, itemFileName, storedExtension } from './history-download.service.js'

// The public history API (ElevenLabs v1 paths). API keys need the `history` scope.
const tags = ['history']
const config = { scope: 'history' as const }

export function historyRoutes(
  history: HistoryService,
  downloads: HistoryDownloadService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/history',
      {
        config,
        schema: {
          tags,
          summary: 'List generated audio, newest first (cursor: start_after_history_item_id)',
          querystring: historyListQuery,
          response: { 200: historyPageSchema },
        },
      },
      async (request) => history.list(requirePrincipal(request), request.query),
    )

    app.get(
      '/v1/history/:history_item_id',
      {
        config,
        schema: {
          tags,
          summary: 'Get a history item',
          params: historyItemParams,
          response: { 200: historyItemSchema },
        },
      },
      async (request) => history.get(requirePrincipal(request), request.params.history_item_id),
    )

    app.delete(
      '/v1/history/:history_item_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a history item and its audio',
          params: historyItemParams,
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async (request) => {
        await history.remove(requirePrincipal(request), request.params.history_item_id)
        return { status: 'ok' as const }
      },
    )

    app.get(
      '/v1/history/:history_item_id/audio',
      {
        config,
        schema: {
          tags,
          summary: 'The audio of a history item (its stored format; byte ranges)',
          params: historyItemParams,
        },
      },
      async (request, reply) => {
        const { item, bytes } = await history.audio(requirePrincipal(request), request.params.history_item_id)
        const disposition = contentDisposition(itemFileName(item, storedExtension(item)), 'inline')
        return sendAudio(request, reply, { bytes, contentType: item.content_type, disposition })
      },
    )

    app.post(
      '/v1/history/download',
      {
        config,
        schema: {
          tags,
          summary: 'Download one item (its audio) or several (a zip); output_format "wav" converts',
          body: downloadBody,
        },
      },
      async (request, reply) => {
        const result = await downloads.download(requirePrincipal(request), request.body)
        reply.header('content-disposition', contentDisposition(result.fileName))
        if (result.kind === 'file') {
          return reply.header('content-type', result.contentType).send(Buffer.from(result.bytes))
        }
        return reply.header('content-type', 'application/zip').send(result.stream)
      },
    )

    app.post(
      '/v1/history/:history_item_id/feedback',
      {
        config,
        schema: {
          tags,
          summary: 'Send feedback on a history item (thumbs, text, checklist)',
          params: historyItemParams,
          body: feedbackBody,
          response: { 200: historyItemSchema },
        },
      },
      async (request) =>
        history.setFeedback(requirePrincipal(request), request.params.history_item_id, request.body),
    )

    app.get(
      '/v1/history/:history_item_id/share-link',
      {
        config: { ...config, verifiedEmail: true },
        schema: {
          tags,
          summary: 'A public link that plays the item without signing in',
          params: historyItemParams,
          response: { 200: shareLinkSchema },
        },
      },
      async (request) =>
        history.shareLink(requirePrincipal(request), request.params.history_item_id, request.siteOrigin),
    )
  }
}
