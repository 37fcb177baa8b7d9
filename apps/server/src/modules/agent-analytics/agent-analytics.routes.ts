import { ANALYTICS_BUCKET_SECONDS } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { AgentAnalyticsService } from './agent-analytics.service.js'

const tags = ['agent-analytics']
const config = { scope: 'convai' as const }
const id = z.string().min(1).max(64)
const chart = z.discriminatedUnion('type', [
  z.object({ type: z.literal('call_success'), name: z.string().trim().min(1).max(100) }),
  z.object({ type: z.literal('criteria'), name: z.string().trim().min(1).max(100), criteria_id: id }),
  z.object({
    type: z.literal('data_collection'),
    name: z.string().trim().min(1).max(100),
    data_collection_id: id,
  }),
])
const json = z.record(z.string(), z.unknown())
const dashboard = z.object({ charts: z.array(json) })

// The agents dashboard: live count, figures over a range and the custom charts.
export function agentAnalyticsRoutes(service: AgentAnalyticsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/convai/analytics/live-count',
      {
        config,
        schema: {
          tags,
          summary: 'Conversations in progress now',
          querystring: z.object({
            agent_id: id.optional(),
            agent_ids: z.union([id, z.array(id).max(100)]).optional(),
          }),
          response: { 200: z.object({ count: z.number() }) },
        },
      },
      async (request) => {
        const { agent_id, agent_ids } = request.query
        const ids = [...(agent_id ? [agent_id] : []), ...(agent_ids === undefined ? [] : [agent_ids].flat())]
        return service.liveCount(requirePrincipal(request), ids)
      },
    )
    app.get(
      '/v1/convai/analytics/conversations',
      {
        config,
        schema: {
          tags,
          summary: 'Calls, minutes, success rate, cost and length per time bucket (15 minutes to 2 years)',
          querystring: z.object({
            start_unix: z.coerce.number().int().min(0),
            end_unix: z.coerce.number().int().min(0),
            bucket_size_secs: z.coerce
              .number()
              .int()
              .refine((v) => (ANALYTICS_BUCKET_SECONDS as readonly number[]).includes(v), {
                message: `One of ${ANALYTICS_BUCKET_SECONDS.join(', ')} seconds.`,
              }),
            agent_id: id.optional(),
          }),
          response: { 200: json },
        },
      },
      async (request) => service.metrics(requirePrincipal(request), request.query),
    )
    app.get(
      '/v1/convai/settings/dashboard',
      { config, schema: { tags, summary: 'The dashboard’s charts', response: { 200: dashboard } } },
      async (request) => service.dashboard(requirePrincipal(request)),
    )
    app.patch(
      '/v1/convai/settings/dashboard',
      {
        config,
        schema: {
          tags,
          summary: 'Change the dashboard’s charts',
          body: z.object({ charts: z.array(chart).max(20).nullish() }),
          response: { 200: dashboard },
        },
      },
      async (request) => service.setDashboard(requirePrincipal(request), request.body.charts),
    )
  }
}
