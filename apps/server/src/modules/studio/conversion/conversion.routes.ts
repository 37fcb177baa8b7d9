import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import {
  blockParams,
  chapterIdParams,
  conversionParams,
  conversionView,
  convertResponse,
  dictionariesBody,
  lockBody,
  lockResponse,
  projectIdParams,
  sentenceBody,
  sentenceTakeView,
  statusOk,
} from '../studio.schemas.js'
import type { ConversionService } from './conversion.service.js'

// Conversion of projects, chapters and single blocks as jobs; block locks; the project's
// pronunciation dictionaries.
const tags = ['studio']
const config = { scope: 'projects' as const }

export function conversionRoutes(conversion: ConversionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/studio/projects/:project_id/convert',
      {
        config,
        schema: {
          tags,
          summary: 'Convert every chapter of a project (a job)',
          params: projectIdParams,
          response: { 200: convertResponse },
        },
      },
      async (request) => conversion.convertProject(requirePrincipal(request), request.params.project_id),
    )

    app.post(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/convert',
      {
        config,
        schema: {
          tags,
          summary: 'Convert a chapter (a job)',
          params: chapterIdParams,
          response: { 200: convertResponse },
        },
      },
      async (request) =>
        conversion.convertChapter(
          requirePrincipal(request),
          request.params.project_id,
          request.params.chapter_id,
        ),
    )

    app.get(
      '/v1/studio/projects/:project_id/conversions/:conversion_id',
      {
        config,
        schema: {
          tags,
          summary: 'Ours: a conversion job and its percent',
          params: conversionParams,
          response: { 200: conversionView },
        },
      },
      async (request) =>
        conversion.conversion(
          requirePrincipal(request),
          request.params.project_id,
          request.params.conversion_id,
        ),
    )

    app.post(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/blocks/:block_id/regenerate',
      {
        config,
        schema: {
          tags,
          summary: 'Ours: generate one paragraph again (a job; refused for a locked one)',
          params: blockParams,
          response: { 200: convertResponse },
        },
      },
      async (request) => {
        const { project_id, chapter_id, block_id } = request.params
        return conversion.regenerateBlock(requirePrincipal(request), project_id, chapter_id, block_id)
      },
    )

    // The public Studio API regenerates whole paragraphs only; one sentence is ours, under the
    // paragraph it belongs to.
    app.post(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/blocks/:block_id/regenerate-sentence',
      {
        config,
        schema: {
          tags,
          summary:
            "Ours: generate one sentence of a paragraph again, spliced into a new take (only the sentence's characters are charged)",
          params: blockParams,
          body: sentenceBody,
          response: { 200: sentenceTakeView },
        },
      },
      async (request) => {
        const { project_id, chapter_id, block_id } = request.params
        return conversion.regenerateSentence(requirePrincipal(request), {
          projectId: project_id,
          chapterId: chapter_id,
          blockId: block_id,
          from: request.body.from,
          to: request.body.to,
        })
      },
    )

    app.post(
      '/v1/studio/projects/:project_id/chapters/:chapter_id/blocks/:block_id/lock',
      {
        config,
        schema: {
          tags,
          summary: 'Ours: lock or unlock a generated paragraph',
          params: blockParams,
          body: lockBody,
          response: { 200: lockResponse },
        },
      },
      async (request) => {
        const { project_id, chapter_id, block_id } = request.params
        return conversion.setLocked(
          requirePrincipal(request),
          project_id,
          chapter_id,
          block_id,
          request.body.locked,
        )
      },
    )

    app.post(
      '/v1/studio/projects/:project_id/pronunciation-dictionaries',
      {
        config,
        schema: {
          tags,
          summary: "Set the project's pronunciation dictionaries",
          params: projectIdParams,
          body: dictionariesBody,
          response: { 200: statusOk },
        },
      },
      async (request) =>
        conversion.setDictionaries(
          requirePrincipal(request),
          request.params.project_id,
          request.body.pronunciation_dictionary_locators,
        ),
    )
  }
}
