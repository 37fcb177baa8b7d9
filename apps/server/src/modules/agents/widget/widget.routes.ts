import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { agentParams, json } from '../agents.schemas.js'
import type { AgentsService } from '../agents.service.js'
import { WIDGET_SCRIPT } from './widget-script.js'

const tags = ['agents']

// What the embedded widget fetches from other sites' pages: its script and the agent's widget
// configuration. Answers carry CORS headers for the asking page; whether the page may have the
// configuration (and a conversation) is the agent's allowlist's decision, checked on the Origin.
export function widgetRoutes(agents: AgentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (request, reply) => {
      const origin = request.headers.origin
      if (origin) reply.header('access-control-allow-origin', origin)
      reply.header('vary', 'Origin')
      reply.header('cross-origin-resource-policy', 'cross-origin')
    })

    app.get(
      '/convai-widget/index.js',
      { config: { auth: 'public' }, schema: { tags, summary: 'The embeddable widget script', hide: true } },
      async (_request, reply) =>
        reply
          .type('text/javascript; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(WIDGET_SCRIPT),
    )

    app.get(
      '/v1/convai/agents/:agent_id/widget',
      {
        config: { auth: 'optional', scope: 'convai' },
        schema: {
          tags,
          summary: 'The widget configuration of an agent',
          params: agentParams,
          querystring: z.object({ conversation_signature: z.string().max(500).optional() }),
          response: { 200: z.object({ agent_id: z.string(), widget_config: json }) },
        },
      },
      async (request) => agents.widget(request.principal, request.params.agent_id, request.headers.origin),
    )
  }
}
