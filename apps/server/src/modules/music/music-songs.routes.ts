import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { readMultipart } from '../../platform/http/multipart.js'
import { requirePrincipal } from '../../plugins/auth.js'
import { outputQuery } from './music.schemas.js'
import type { MusicService } from './music.service.js'
import { finetuneForm } from './music-forms.js'

const config = { scope: 'music' as const, verifiedEmail: true }
const tags = ['music']
const songParams = z.object({ song_id: z.string().max(64) })
const finetuneParams = z.object({ finetune_id: z.string().max(64) })

// The workspace's songs (list, audio, stems) and its saved style profiles (finetunes).
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

    app.post(
      '/v1/music/finetunes',
      {
        config: { ...config, multipart: finetuneForm },
        schema: {
          tags,
          summary: 'Save a style profile (finetune) from reference tracks',
          response: { 200: z.any() },
        },
      },
      async (request) => {
        const body = await readMultipart(request, finetuneForm)
        return service.createFinetune(requirePrincipal(request), {
          name: body.text('name') ?? '',
          primaryGenre: body.text('primary_genre') ?? '',
          tags: body.texts('tags'),
          visibility: body.text('visibility') ?? 'private',
          modelId: body.text('model_id'),
          files: body.files('files').map((f) => f.data),
        })
      },
    )

    app.get(
      '/v1/music/finetunes',
      {
        config,
        schema: {
          tags,
          summary: 'The style profiles the caller may see, filtered by visibility and creator',
          querystring: z.object({
            cursor: z.string().max(64).optional(),
            page_size: z.coerce.number().int().min(1).max(150).default(50),
            visibility: z.enum(['private', 'workspace', 'public']).optional(),
            created_by: z.enum(['self', 'workspace', 'elevenlabs']).optional(),
            sort: z.enum(['created_at', 'name']).default('created_at'),
            sort_direction: z.enum(['asc', 'desc']).default('desc'),
          }),
          response: { 200: z.any() },
        },
      },
      async (request) => service.listFinetunes(requirePrincipal(request), request.query),
    )

    app.get(
      '/v1/music/finetunes/:finetune_id',
      {
        config,
        schema: { tags, summary: 'One style profile', params: finetuneParams, response: { 200: z.any() } },
      },
      async (request) => service.getFinetune(requirePrincipal(request), request.params.finetune_id),
    )

    app.patch(
      '/v1/music/finetunes/:finetune_id',
      {
        config,
        schema: {
          tags,
          summary: 'Rename, retag or share a style profile (its creator only)',
          params: finetuneParams,
          body: z.strictObject({
            name: z.string().max(200).optional(),
            tags: z.array(z.string().max(100)).max(50).optional(),
            primary_genre: z.string().max(100).optional(),
            visibility: z.enum(['private', 'workspace']).optional(),
          }),
          response: { 200: z.any() },
        },
      },
      async (request) =>
        service.updateFinetune(requirePrincipal(request), request.params.finetune_id, request.body),
    )

    app.delete(
      '/v1/music/finetunes/:finetune_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a style profile (its creator only)',
          params: finetuneParams,
          response: { 200: z.any() },
        },
      },
      async (request) => service.deleteFinetune(requirePrincipal(request), request.params.finetune_id),
    )
  }
}
