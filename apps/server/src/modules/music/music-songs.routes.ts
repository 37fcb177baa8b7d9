import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { outputQuery } from './music.schemas.js'
import type { MusicService } from './music.service.js'

const config = { scope: 'music' as const, verifiedEmail: true }
const tags = ['music']
const songParams = z.object({ song_id: z.string().max(64) })

// The workspace's songs: the list, one song, its audio and its stems.
export function musicSongsRoutes(service: MusicService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/music/songs',
      {
        config,
        schema: {
          tags,
          summary: "The workspace's songs, newest first",
          querystring: z.object({ page_size: z.coerce.number().int().min(1).max(100).default(30) }),
          response: { 200: z.any() },
        },
      },
      async (request) => ({
        songs: await service.listSongs(requirePrincipal(request), request.query.page_size),
      }),
    )

    app.get(
      '/v1/music/songs/:song_id',
      { config, schema: { tags, summary: 'One song', params: songParams, response: { 200: z.any() } } },
      async (request) => service.song(requirePrincipal(request), request.params.song_id),
    )

    app.get(
      '/v1/music/songs/:song_id/audio',
      {
        config,
        schema: {
          tags,
          summary: "A song's audio (a composed one is rendered again, the same bytes)",
          params: songParams,
          querystring: outputQuery,
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const { audio, format } = await service.songAudio(
          requirePrincipal(request),
          request.params.song_id,
          request.query.output_format,
        )
        return reply.type(format?.contentType ?? 'application/octet-stream').send(Buffer.from(audio))
      },
    )

    app.get(
      '/v1/music/songs/:song_id/stems',
      {
        config,
        schema: {
          tags,
          summary: "A song's stems as a zip (free)",
          params: songParams,
          querystring: outputQuery,
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const stems = await service.songStems(
          requirePrincipal(request),
          request.params.song_id,
          request.query.output_format,
        )
        reply.header('content-disposition', `attachment; filename="${request.params.song_id}-stems.zip"`)
        reply.type('application/zip')
        return reply.send(stems)
      },
    )
  }
}
