import { STUDIO_PUBLISH_PREVIEW_SECONDS } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendAudio } from '../../../lib/audio/audio-reply.js'
import { requestLocale } from '../../../lib/html/request-locale.js'
import { BOOK_PAGE_CSP, renderBookNotFound, renderBookPage } from './public-book-page.js'
import { publicChapterParams, publicSlugParams } from './publishing.schemas.js'
import type { PublishingService } from './publishing.service.js'

// The public reader page of a published Studio project (`/listen/{slug}`), its chapters' audio
// and its image: no sign-in. Listeners get the free preview of each chapter unless the
// publisher chose full access; an unpublished project answers 404 everywhere.
const publicConfig = { auth: 'public' as const }
const tags = ['studio publishing']

export function publicBookRoutes(publishing: PublishingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/listen/:slug',
      { config: publicConfig, schema: { hide: true, params: publicSlugParams } },
      async (request, reply) => {
        reply
          .header('content-security-policy', BOOK_PAGE_CSP)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-language')
        const locale = requestLocale(request.headers['accept-language'])
        const version = await publishing.publicVersion(request.params.slug)
        if (!version)
          return reply.status(404).type('text/html; charset=utf-8').send(renderBookNotFound(locale))
        const html = renderBookPage({
          slug: request.params.slug,
          version,
          previewSeconds: STUDIO_PUBLISH_PREVIEW_SECONDS,
          locale,
        })
        return reply.type('text/html; charset=utf-8').send(html)
      },
    )

    app.get(
      '/v1/studio/published/:slug/chapters/:index/audio',
      {
        config: publicConfig,
        schema: {
          tags,
          summary: "A published chapter's audio (public; the free preview unless full access; byte ranges)",
          security: [],
          params: publicChapterParams,
        },
      },
      async (request, reply) => {
        const bytes = await publishing.publicAudio(request.params.slug, request.params.index - 1)
        reply.header('cache-control', 'no-cache')
        return sendAudio(request, reply, { bytes, contentType: 'audio/mpeg' })
      },
    )

    app.get(
      '/v1/studio/published/:slug/image',
      {
        config: publicConfig,
        schema: {
          tags,
          summary: "A published project's image (public)",
          security: [],
          params: publicSlugParams,
        },
      },
      async (request, reply) => {
        const image = await publishing.publicImage(request.params.slug)
        return reply
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('x-content-type-options', 'nosniff')
          .type(image.mimeType)
          .send(image.data)
      },
    )
  }
}
