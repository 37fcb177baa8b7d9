import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.js'
import { sendAudio } from '../../lib/audio/audio-reply.js'
import { requestLocale } from '../../lib/html/request-locale.js'
import { contentDisposition } from './download-names.js'
import { shareTokenParams } from './history.schemas.js'
import type { HistoryService } from './history.service.js'
import { itemFileName, storedExtension } from './history-download.service.js'
import { renderShareNotFound, renderSharePage, SHARE_PAGE_CSP } from './share-page.js'

// Share links: the page at `/share/{token}` and the audio it plays, both public. The token
// is the only secret: pages are kept out of search engines and referrers, and nothing else
// of the workspace is reachable from them.
const publicConfig = { auth: 'public' as const }
const privacyHeaders = {
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-cache',
}

export function shareRoutes(history: HistoryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/share/:token',
      { config: publicConfig, schema: { hide: true, params: shareTokenParams } },
      async (request, reply) => {
        // The page speaks the visitor's language, so caches keep one copy per language.
        reply
          .headers(privacyHeaders)
          .header('content-security-policy', SHARE_PAGE_CSP)
          .header('vary', 'accept-language')
        const locale = requestLocale(request.headers['accept-language'])
        const { token } = request.params
        const shared = await history.sharedItem(token)
        if (!shared) {
          // Browsers get a page; API clients (Accept without text/html) the usual JSON error.
          const accept = request.headers.accept ?? '*/*'
          if (!accept.includes('text/html') && !accept.includes('*/*'))
            throw new AppError('share_link_not_found')
          return reply.status(404).type('text/html; charset=utf-8').send(renderShareNotFound(locale))
        }
        const html = renderSharePage({
          item: shared.item,
          token,
          sharedBy: shared.sharedBy,
          publicUrl: request.siteOrigin,
          locale,
        })
        return reply.type('text/html; charset=utf-8').send(html)
      },
    )

    app.get(
      '/v1/shared-history/:token/audio',
      {
        config: publicConfig,
        schema: {
          tags: ['history'],
          summary: 'The audio behind a share link (public; byte ranges; download=1 for an attachment)',
          security: [],
          params: shareTokenParams,
          querystring: z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() }),
        },
      },
      async (request, reply) => {
        const { item, bytes } = await history.sharedAudio(request.params.token)
        const download = request.query.download === '1' || request.query.download === 'true'
        const name = itemFileName(item, storedExtension(item))
        reply.headers(privacyHeaders)
        return sendAudio(request, reply, {
          bytes,
          contentType: item.content_type,
          disposition: contentDisposition(name, download ? 'attachment' : 'inline'),
        })
      },
    )
  }
}
