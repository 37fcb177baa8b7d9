import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { person, tags } from './productions.schemas.js'
import type { ProducerService } from './productions.service.js'

const teamParams = z.object({ teamId: z.string().min(1).max(64) })
const any = { 200: z.any() }

/** Producers' teams: make one, join one with its code, leave it, see its members and their tasks. */
export function teamRoutes(service: ProducerService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/productions/teams',
      {
        config: person,
        schema: {
          tags,
          summary: 'Make a team of producers (the caller is its first member)',
          body: z.strictObject({ name: z.string().trim().min(1).max(80) }),
          response: { 201: z.any() },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.createTeam(requirePrincipal(request), request.body.name)),
    )
    app.get(
      '/v1/productions/teams/:teamId',
      {
        config: person,
        schema: {
          tags,
          summary: 'A team and its members with their outcomes',
          params: teamParams,
          response: any,
        },
      },
      async (request) => service.getTeam(requirePrincipal(request), request.params.teamId),
    )
    app.get(
      '/v1/productions/teams/:teamId/tasks',
      {
        config: person,
        schema: { tags, summary: "The tasks the team's producers hold", params: teamParams, response: any },
      },
      async (request) => service.teamTasks(requirePrincipal(request), request.params.teamId),
    )
    app.post(
      '/v1/productions/teams/:teamId/join',
      {
        config: person,
        schema: {
          tags,
          summary: 'Join a team with the code its members share',
          params: teamParams,
          body: z.strictObject({ join_code: z.string().min(1).max(64) }),
          response: any,
        },
      },
      async (request) =>
        service.joinTeam(requirePrincipal(request), request.params.teamId, request.body.join_code),
    )
    app.post(
      '/v1/productions/teams/:teamId/leave',
      {
        config: person,
        schema: { tags, summary: 'Leave the team', params: teamParams, response: any },
      },
      async (request) => service.leaveTeam(requirePrincipal(request), request.params.teamId),
    )
  }
}
