import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import { chapterIdParams, projectIdParams } from '../studio.schemas.js'
import { chapterTimeline, type TimelineDeps } from './chapter-timeline.js'
import { type EditorLeaseDeps, releaseEditorLease, takeEditorLease } from './editor-lease.js'

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

const leaseBody = z.object({
  holder: z.string().min(8).max(64).describe('A random id of the editor asking (one browser tab)'),
})

export function editorRoutes(deps: TimelineDeps & EditorLeaseDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/studio/projects/:project_id/editor-lease',
      {
        config,
        schema: {
          tags,
          summary:
            'Ours: take or renew the one editor lease of a project (409 while another editor holds it)',
          params: projectIdParams,
          body: leaseBody,
          response: { 200: z.object({ holder: z.string(), expires_in_seconds: z.number().int() }) },
        },
      },
      async (request) =>
        takeEditorLease(deps, requirePrincipal(request), request.params.project_id, request.body.holder),
    )

    app.post(
      '/v1/studio/projects/:project_id/editor-lease/release',
      {
        config,
        schema: {
          tags,
          summary: "Ours: give up a project's editor lease (the editor was closed)",
          params: projectIdParams,
          body: leaseBody,
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async (request) =>
        releaseEditorLease(deps, requirePrincipal(request), request.params.project_id, request.body.holder),
    )

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
