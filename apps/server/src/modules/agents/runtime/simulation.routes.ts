import { SIMULATION_TURNS_MAX } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import { agentParams, json } from '../agents.schemas.js'
import type { RuntimeDeps } from './runtime-deps.js'
import { simulateConversation } from './simulate-conversation.js'

// POST /v1/convai/agents/{agent_id}/simulate-conversation.
export function simulationRoutes(deps: RuntimeDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/convai/agents/:agent_id/simulate-conversation',
      {
        config: { scope: 'convai' as const },
        schema: {
          tags: ['agents'],
          summary: 'Simulate a conversation between the agent and a simulated user (nothing is stored)',
          params: agentParams,
          body: z.object({
            simulation_specification: json.and(z.object({ simulated_user_config: json })),
            extra_evaluation_criteria: z.array(json).max(20).nullish(),
            new_turns_limit: z.number().int().min(1).max(SIMULATION_TURNS_MAX).nullish(),
          }),
          response: {
            200: z.object({ simulated_conversation: z.array(json), analysis: json }),
          },
        },
      },
      async (request) =>
        simulateConversation(deps, requirePrincipal(request), request.params.agent_id, request.body),
    )
  }
}
