import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import { projectIdParams } from '../studio.schemas.js'
import { applyCastBody, castApplied, castMemberParams, castView, castVoiceBody } from './cast.schemas.js'
import type { CastingService } from './casting.service.js'

// Ours: casting a project. Detection proposes the characters; applying gives every quote its
// character's voice across the book; one member's voice changes everywhere in one call.
const tags = ['studio']
const config = { scope: 'projects' as const }

export function castRoutes(casting: CastingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/studio/projects/:project_id/cast',
      {
        config,
        schema: {
          tags,
          summary: "Ours: the project's cast",
          params: projectIdParams,
          response: { 200: castView },
        },
      },
      async (request) => casting.getCast(requirePrincipal(request), request.params.project_id),
    )

    app.post(
      '/v1/studio/projects/:project_id/cast/detect',
      {
        config,
        schema: {
          tags,
          summary: 'Ours: find the characters who speak and propose them as the cast',
          params: projectIdParams,
          response: { 200: castView },
        },
      },
      async (request) => casting.detectCast(requirePrincipal(request), request.params.project_id),
    )

    app.post(
      '/v1/studio/projects/:project_id/cast',
      {
        config,
        schema: {
          tags,
          summary: 'Ours: give the narrator and characters voices and cast every chapter',
          params: projectIdParams,
          body: applyCastBody,
          response: { 200: castApplied },
        },
      },
      async (request) =>
        casting.applyCast(requirePrincipal(request), request.params.project_id, request.body),
    )

    app.post(
      '/v1/studio/projects/:project_id/cast/:character_id',
      {
        config,
        schema: {
          tags,
          summary: "Ours: change one cast member's voice everywhere it speaks",
          params: castMemberParams,
          body: castVoiceBody,
          response: { 200: castApplied },
        },
      },
      async (request) =>
        casting.setCastVoice(
          requirePrincipal(request),
          request.params.project_id,
          request.params.character_id,
          request.body.voice_id,
        ),
    )
  }
}
