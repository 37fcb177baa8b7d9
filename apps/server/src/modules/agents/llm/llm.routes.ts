import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import { agentParams, json, llmPrices, usageBody } from '../agents.schemas.js'
import type { AgentsService } from '../agents.service.js'
import type { LlmCatalogue } from './llm-catalogue.js'
import { llmList, llmUsage } from './llm-usage.js'

const tags = ['agents']
const config = { scope: 'convai' as const }

// The language models agents can use, and what they cost.
export function llmRoutes(agents: AgentsService, llms: LlmCatalogue): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/convai/llm/list',
      {
        config,
        schema: {
          tags,
          summary: 'The language models agents can use on this server',
          response: { 200: z.object({ llms: z.array(json), default_deprecation_config: json }) },
        },
      },
      async () => llmList(llms),
    )

    app.post(
      '/v1/convai/llm-usage/calculate',
      {
        config,
        schema: {
          tags,
          summary: 'Language-model cost per minute and message',
          body: usageBody,
          response: { 200: llmPrices },
        },
      },
      async () => llmUsage(llms),
    )

    app.post(
      '/v1/convai/agent/:agent_id/llm-usage/calculate',
      {
        config,
        schema: {
          tags,
          summary: 'Language-model cost of one agent per minute and message',
          params: agentParams,
          body: usageBody.optional(),
          response: { 200: llmPrices },
        },
      },
      async (request) => {
        await agents.get(requirePrincipal(request), request.params.agent_id)
        return llmUsage(llms)
      },
    )
  }
}
