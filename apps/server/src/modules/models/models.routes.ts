import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type ModelView, model } from './models.schemas.js'

/** GET /v1/models: the models and what each can do. */
export function modelsRoutes(catalogue: readonly ModelView[]): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/models',
      {
        config: { scope: 'models' },
        schema: {
          tags: ['models'],
          summary: 'List the models and what each can do',
          response: { 200: z.array(model) },
        },
      },
      async () => [...catalogue],
    )
  }
}
