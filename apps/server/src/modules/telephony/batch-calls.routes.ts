import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { batchBody, batchListQuery, batchParams, json } from './telephony.schemas.js'
import type { TelephonyService } from './telephony.service.js'

const tags = ['telephony']
const config = { scope: 'convai' as const }

// Batch calls under /v1/convai/batch-calling.
export function batchCallsRoutes(service: TelephonyService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/convai/batch-calling/submit',
      {
        config,
        schema: { tags, summary: 'Submit a batch of calls', body: batchBody, response: { 200: json } },
      },
      async (request) => service.submitBatch(requirePrincipal(request), request.body),
    )
    app.get(
      '/v1/convai/batch-calling/workspace',
      {
        config,
        schema: {
          tags,
          summary: 'The workspace’s batch calls',
          querystring: batchListQuery,
          response: {
            200: z.object({
              batch_calls: z.array(json),
              next_doc: z.string().nullable(),
              has_more: z.boolean(),
            }),
          },
        },
      },
      async (request) => service.listBatches(requirePrincipal(request), request.query),
    )
    app.get(
      '/v1/convai/batch-calling/:batch_id',
      {
        config,
        schema: {
          tags,
          summary: 'A batch call with its recipients',
          params: batchParams,
          response: { 200: json },
        },
      },
      async (request) => service.getBatch(requirePrincipal(request), request.params.batch_id),
    )
    app.post(
      '/v1/convai/batch-calling/:batch_id/cancel',
      {
        config,
        schema: {
          tags,
          summary: 'Cancel the calls not yet placed',
          params: batchParams,
          response: { 200: json },
        },
      },
      async (request) => service.cancelBatch(requirePrincipal(request), request.params.batch_id),
    )
    app.post(
      '/v1/convai/batch-calling/:batch_id/retry',
      {
        config,
        schema: {
          tags,
          summary: 'Call again the recipients who did not answer or whose call errored',
          params: batchParams,
          response: { 200: json },
        },
      },
      async (request) => service.retryBatch(requirePrincipal(request), request.params.batch_id),
    )
  }
}
