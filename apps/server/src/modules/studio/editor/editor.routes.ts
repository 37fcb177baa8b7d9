import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import { chapterIdParams } from '../studio.schemas.js'
import { chapterTimeline, type TimelineDeps } from './chapter-timeline.js'

// Ours: what the chapter editor reads besides the chapter: where each block is in its audio.
const tags = ['studio']
const config = { scope: 'projects' as const }

const timelineView = z
  .object({
    converted: z.boolean().describe('The chapter is converted and its audio matches its blocks'),
    blocks: z.array(
      z.object({
        block_id: z.string(),
        start_seconds: z.number(),
        end_seconds: z.number(),
        words: z
          .array(
            z.object({
              from: z.number().int().describe("The word's first character in the block's text"),
              to: z.number().int().describe('The character after its last'),
              start_seconds: z.number(),
              end_seconds: z.number(),
            }),
          )
          .describe(
            "When each word is spoken in the chapter's audio (the block's text is its nodes' texts joined)",
          ),
      }),
    ),
  })
  .meta({ id: 'StudioChapterTimeline' })

export function editorRoutes(deps: TimelineDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/timeline',
      {
        config,
        schema: {
          tags,
          summary: "Ours: where each block starts and ends in the chapter's audio",
          params: chapterIdParams,
          response: { 200: timelineView },
        },
      },
      async (request) =>
        chapterTimeline(
          deps,
          requirePrincipal(request),
          request.params.project_id,
          request.params.chapter_id,
        ),
    )
  }
}
