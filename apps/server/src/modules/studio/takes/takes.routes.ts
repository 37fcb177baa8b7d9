import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sendAudio } from '../../../lib/audio/audio-reply.js'
import { requirePrincipal } from '../../../plugins/auth.js'
import { blockParams, chapterIdParams } from '../studio.schemas.js'
import type { TakesService } from './takes.service.js'

// Ours: a block's takes (listed, heard, picked) and the chapter's audio as its picked takes.
const tags = ['studio']
const config = { scope: 'projects' as const }

const takeParams = blockParams.extend({ take_id: z.string().min(1).max(64) })

const takesView = z
  .object({
    block_id: z.string(),
    current: z.boolean().describe("The block's audio says the text it has now"),
    locked: z.boolean(),
    free_regenerations_left: z.number().int().describe('Regenerations of this text that are still free'),
    takes: z.array(
      z.object({
        take_id: z.string(),
        created_at_unix: z.number().int(),
        duration_seconds: z.number(),
        free: z.boolean().describe('Made as a free regeneration'),
        picked: z.boolean().describe("The take the chapter's audio uses"),
      }),
    ),
  })
  .meta({ id: 'StudioBlockTakes' })

export function takesRoutes(takes: TakesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/blocks/:block_id/takes',
      {
        config,
        schema: {
          tags,
          summary: "Ours: a paragraph's takes of its current text, newest first",
          params: blockParams,
          response: { 200: takesView },
        },
      },
      async (request) => {
        const { project_id, chapter_id, block_id } = request.params
        return takes.list(requirePrincipal(request), project_id, chapter_id, block_id)
      },
    )

    app.get(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/blocks/:block_id/takes/:take_id/audio',
      {
        config,
        schema: { tags, summary: "Ours: a take's audio (WAV)", params: takeParams },
      },
      async (request, reply) => {
        const { project_id, chapter_id, block_id, take_id } = request.params
        const bytes = await takes.audio(requirePrincipal(request), project_id, chapter_id, block_id, take_id)
        return sendAudio(request, reply, { bytes, contentType: 'audio/wav' })
      },
    )

    app.post(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/blocks/:block_id/takes/:take_id/pick',
      {
        config,
        schema: {
          tags,
          summary: "Ours: the take the chapter's audio uses for this paragraph",
          params: takeParams,
          response: { 200: z.object({ block_id: z.string(), take_id: z.string() }) },
        },
      },
      async (request) => {
        const { project_id, chapter_id, block_id, take_id } = request.params
        return takes.pick(requirePrincipal(request), project_id, chapter_id, block_id, take_id)
      },
    )

    app.get(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/audio',
      {
        config,
        schema: {
          tags,
          summary: "Ours: the chapter's audio as it is now, each paragraph's picked take (MP3)",
          params: chapterIdParams,
        },
      },
      async (request, reply) => {
        const { project_id, chapter_id } = request.params
        const bytes = await takes.chapterAudio(requirePrincipal(request), project_id, chapter_id)
        return sendAudio(request, reply, { bytes, contentType: 'audio/mpeg' })
      },
    )
  }
}
