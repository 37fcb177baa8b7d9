import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { modelCatalogue } from './model.view.js'
import { model } from './models.schemas.js'

/** GET /v1/models (spec core section 7 "Models"; issue 4 item 4). */
export function modelsModule(): FastifyPluginAsyncZod {
  return async (app) => {
    // The catalogue is fixed for the life of the process.
    const models = modelCatalogue()
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
      async () => models,
    )
  }
}
