import type { WebhookAuthType } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  createBody,
  deliveryModel,
  listQuery,
  updateBody,
  webhookModel,
  webhookParams,
} from './webhooks.schemas.js'
import type { WebhooksService } from './webhooks.service.js'

const tags = ['webhooks']
const config = { scope: 'workspace' as const }
const unix = (d: Date) => Math.floor(d.getTime() / 1000)

export function webhooksRoutes(webhooks: WebhooksService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/workspace/webhooks',
      {
        config,
        schema: {
          tags,
          summary: 'The webhooks of the workspace (admins)',
          querystring: listQuery,
          response: { 200: z.object({ webhooks: z.array(webhookModel) }) },
        },
      },
      async (request) => ({
        webhooks: (await webhooks.list(requirePrincipal(request))).map((w) => ({
          name: w.name,
          webhook_id: w.id,
          webhook_url: w.url,
          is_disabled: w.is_disabled,
          is_auto_disabled: w.is_auto_disabled,
          created_at_unix: unix(w.created_at),
          auth_type: w.auth_type as WebhookAuthType,
          ...(w.auth_connection_id ? { auth_connection_id: w.auth_connection_id } : {}),
          ...(request.query.include_usages
            ? { usage: w.usage.map((usage_type) => ({ usage_type })), events: w.events }
            : {}),
          ...(w.last_failure_code !== null ? { most_recent_failure_error_code: w.last_failure_code } : {}),
          ...(w.last_failure_at ? { most_recent_failure_timestamp: unix(w.last_failure_at) } : {}),
        })),
      }),
    )

    app.post(
      '/v1/workspace/webhooks',
      {
        config,
        schema: {
          tags,
          summary: 'Create a webhook; its HMAC signing secret is returned only here (admins)',
          body: createBody,
          response: { 200: z.object({ webhook_id: z.string(), webhook_secret: z.string().optional() }) },
        },
      },
      async (request) => webhooks.create(requirePrincipal(request), request.body.settings),
    )

    app.patch(
      '/v1/workspace/webhooks/:webhook_id',
      {
        config,
        schema: {
          tags,
          summary: 'Rename, enable or disable a webhook, or set its events (admins)',
          params: webhookParams,
          body: updateBody,
          response: { 200: z.object({ status: z.string() }) },
        },
      },
      async (request) => {
        await webhooks.update(requirePrincipal(request), request.params.webhook_id, request.body)
        return { status: 'ok' }
      },
    )

    app.delete(
      '/v1/workspace/webhooks/:webhook_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a webhook (admins)',
          params: webhookParams,
          response: { 200: z.object({ status: z.string() }) },
        },
      },
      async (request) => {
        await webhooks.remove(requirePrincipal(request), request.params.webhook_id)
        return { status: 'ok' }
      },
    )

    // Timbre's own calls (the public API has none): a test event and the delivery log.
    app.post(
      '/v1/workspace/webhooks/:webhook_id/test',
      {
        config,
        schema: {
          tags,
          summary: "Send a signed test event (Timbre's own 'timbre_webhook_test' kind) to a webhook (admins)",
          params: webhookParams,
          response: { 200: z.object({ delivery_id: z.string() }) },
        },
      },
      async (request) => webhooks.sendTest(requirePrincipal(request), request.params.webhook_id),
    )

    app.get(
      '/v1/workspace/webhooks/:webhook_id/deliveries',
      {
        config,
        schema: {
          tags,
          summary: 'The latest deliveries of a webhook, newest first (admins)',
          params: webhookParams,
          response: { 200: z.object({ deliveries: z.array(deliveryModel) }) },
        },
      },
      async (request) => ({
        deliveries: (await webhooks.deliveries(requirePrincipal(request), request.params.webhook_id)).map(
          (d) => ({
            delivery_id: d.id,
            event_type: d.event_type,
            status: d.status as z.infer<typeof deliveryModel>['status'],
            attempts: d.attempts,
            response_code: d.response_code,
            duration_ms: d.duration_ms,
            error: d.error,
            created_at_unix: unix(d.created_at),
            updated_at_unix: unix(d.updated_at),
          }),
        ),
      }),
    )
  }
}
