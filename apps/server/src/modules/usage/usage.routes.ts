import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { USAGE_BREAKDOWNS, USAGE_INTERVALS, USAGE_METRICS, type UsageService } from './usage.service.js'

const tags = ['usage']
/** Query booleans arrive as text. */
const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true')

export function usageRoutes(usage: UsageService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/usage/character-stats',
      {
        config: { scope: 'user' },
        schema: {
          tags,
          summary: 'Credits used over time, optionally broken down',
          querystring: z.object({
            start_unix: z.coerce.number().int().min(0),
            end_unix: z.coerce.number().int().min(0),
            include_workspace_metrics: queryBoolean.default(false),
            breakdown_type: z.enum(USAGE_BREAKDOWNS).default('none'),
            aggregation_interval: z.enum(USAGE_INTERVALS).default('day'),
            aggregation_bucket_size: z.coerce.number().int().min(1).optional(),
            metric: z.enum(USAGE_METRICS).default('credits'),
          }),
          response: {
            200: z.object({ time: z.array(z.number()), usage: z.record(z.string(), z.array(z.number())) }),
          },
        },
      },
      async (request) => usage.characterStats(requirePrincipal(request), request.query),
    )
  }
}
