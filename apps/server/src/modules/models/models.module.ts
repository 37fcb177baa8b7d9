import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

/** GET /v1/models (issue 4 item 4). */
export function modelsModule(): FastifyPluginAsyncZod {
  return async () => {}
}
