import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { readMultipart } from '../../platform/http/multipart.js'
import { requirePrincipal } from '../../plugins/auth.js'
import type { MusicService } from './music.service.js'
import { finetuneForm } from './music-forms.js'

const config = { scope: 'music' as const, verifiedEmail: true }
const tags = ['music']
const finetuneParams = z.object({ finetune_id: z.string().max(64) })

// Saved style profiles (finetunes): made from reference tracks, private to their creator or
// shared with the workspace, changed and deleted by their creator only.
export function musicFinetunesRoutes(service: MusicService): FastifyPluginAsyncZod {
  return async (app) => {
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
