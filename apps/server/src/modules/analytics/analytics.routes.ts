import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { analyticsTable, requestsBody, usageBody } from './analytics.schemas.js'
import type { AnalyticsService } from './analytics.service.js'

const tags = ['workspace analytics']
const config = { scope: 'workspace' as const }

export function analyticsRoutes(analytics: AnalyticsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/workspace/analytics/query/usage-by-product-over-time',
      {
        config,
        schema: {
          tags,
          summary:
            'Usage in time buckets (credits, characters, requests, time to first byte, concurrency), broken down by up to three columns (admins)',
          body: usageBody,
          response: { 200: analyticsTable },
        },
      },
      async (request) => analytics.usageOverTime(requirePrincipal(request), request.body),
    )

    app.post(
      '/v1/workspace/analytics/requests',
      {
        config,
        schema: {
          tags,
          summary:
            'The metered requests of the workspace, by time (descending when end_time is given, else ascending) (admins)',
          body: requestsBody,
          response: { 200: analyticsTable },
        },
      },
      async (request) => analytics.requests(requirePrincipal(request), request.body),
    )
  }
}
