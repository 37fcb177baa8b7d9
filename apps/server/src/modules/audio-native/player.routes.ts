import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.js'
import { sendAudio } from '../../lib/audio/audio-reply.js'
import { audioQuery, playBody, playerQuery, playerResponse, projectParams } from './audio-native.schemas.js'
import type { AudioNativeService } from './audio-native.service.js'
import { PLAYER_SCRIPT } from './embed/player-script.js'

const tags = ['audio native player']
const config = { auth: 'public' as const }

// What the embedded player fetches from other sites' pages: the script, the player of a
// project, its audio (through a signed link) and the play counter. No sign-in; each answer is
// given only to a page on the project's allowlist, and to scripts of the page's own origin.
export function playerRoutes(service: AudioNativeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (request, reply) => {
      const origin = request.headers.origin
      if (origin) reply.header('access-control-allow-origin', origin)
      reply.header('vary', 'Origin')
      reply.header('cross-origin-resource-policy', 'cross-origin')
    })

    app.get(
      '/audio-native/player.js',
      { config, schema: { tags, summary: 'The embeddable player script', hide: true } },
      async (_request, reply) =>
        reply
          .type('text/javascript; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(PLAYER_SCRIPT),
    )

    app.get(
      '/audio-native/:project_id/player',
      {
        config,
        schema: {
          tags,
          params: projectParams,
          querystring: playerQuery,
          response: { 200: playerResponse },
          hide: true,
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store')
        return service.player(
          request.params.project_id,
          request.query.page,
          request.headers.origin,
          request.siteOrigin,
        )
      },
    )

    app.get(
      '/audio-native/:project_id/audio',
      { config, schema: { tags, params: projectParams, querystring: audioQuery, hide: true } },
      async (request, reply) => {
        const { audio, contentType } = await service.audio(request.params.project_id, request.query)
        // Byte ranges, so that the player can seek and resume a listening session.
        reply.header('cache-control', 'private, max-age=3600')
        return sendAudio(request, reply, { bytes: audio, contentType })
      },
    )

    app.post(
      '/audio-native/:project_id/plays',
      {
        config,
        schema: {
          tags,
          params: projectParams,
          response: { 200: z.object({ status: z.literal('ok'), counted: z.boolean() }) },
          hide: true,
        },
      },
      async (request) => {
        // Sent as text/plain so that browsers send it without a preflight request.
        let raw: unknown
        try {
          raw = typeof request.body === 'string' ? JSON.parse(request.body) : request.body
        } catch {
          throw new AppError('invalid_json')
        }
        const body = playBody.safeParse(raw ?? {})
        if (!body.success) throw new AppError('validation_error', { message: 'The play body is not valid.' })
        const { counted } = await service.recordPlay(
          request.params.project_id,
          body.data.page,
          request.headers.origin,
          body.data.session,
        )
        return { status: 'ok' as const, counted }
      },
    )
  }
}
