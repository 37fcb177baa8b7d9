import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.js'
import { sendAudio } from '../../lib/audio/audio-reply.js'
import { requestLocale } from '../../lib/html/request-locale.js'
import { requirePrincipal } from '../../plugins/auth.js'
import type { MusicService } from './music.service.js'
import { MUSIC_SHARE_PAGE_CSP, renderSongShareNotFound, renderSongSharePage } from './music-share-page.js'

// Song share links: making one (the song's owner workspace), the public page at
// `/music/share/{token}` and the audio it plays. The token is the only secret: pages are kept
// out of search engines and referrers, and nothing else of the workspace is reachable.
const publicConfig = { auth: 'public' as const }
const tokenParams = z.object({ token: z.string().max(200) })
const privacyHeaders = {
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-cache',
}

export function musicShareRoutes(service: MusicService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/music/songs/:song_id/share-link',
      {
        config: { scope: 'music' as const },
        schema: {
          tags: ['music'],
          summary: "A song's public share link (made on first use)",
          params: z.object({ song_id: z.string().max(64) }),
          response: { 200: z.object({ share_link: z.string(), public_user_name: z.string() }) },
        },
      },
      async (request) =>
        service.songShareLink(requirePrincipal(request), request.params.song_id, request.siteOrigin),
    )

    app.get(
      '/music/share/:token',
      { config: publicConfig, schema: { hide: true, params: tokenParams } },
      async (request, reply) => {
        reply.headers(privacyHeaders).header('content-security-policy', MUSIC_SHARE_PAGE_CSP)
        reply.header('vary', 'accept-language')
        const locale = requestLocale(request.headers['accept-language'])
        const shared = await service.sharedSong(request.params.token)
        if (!shared)
          return reply.status(404).type('text/html; charset=utf-8').send(renderSongShareNotFound(locale))
        const html = renderSongSharePage({ ...shared, token: request.params.token, locale })
        return reply.type('text/html; charset=utf-8').send(html)
      },
    )

    app.get(
      '/v1/shared-music/:token/audio',
      {
        config: publicConfig,
        schema: {
          tags: ['music'],
          summary: 'The audio behind a song share link (public; byte ranges; download=1 for an attachment)',
          security: [],
          params: tokenParams,
          querystring: z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() }),
        },
      },
      async (request, reply) => {
        const { row, bytes, contentType } = await service.sharedSongAudio(request.params.token)
        const download = request.query.download === '1' || request.query.download === 'true'
        const extension = contentType === 'audio/mpeg' ? 'mp3' : 'audio'
        const name = `${(row.song_metadata as { title?: string }).title || 'song'}.${extension}`.replace(
          /[^\w .-]/g,
          '_',
        )
        reply.headers(privacyHeaders)
        if (bytes.length === 0) throw new AppError('share_link_not_found')
        return sendAudio(request, reply, {
          bytes,
          contentType,
          disposition: `${download ? 'attachment' : 'inline'}; filename="${name}"`,
        })
      },
    )
  }
}
