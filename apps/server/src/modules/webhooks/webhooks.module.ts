import type { Database } from '../../db/database.js'
import type { JobQueue } from '../../jobs/queue.js'
import { createSecretBox } from '../../lib/secret-box.js'
import type { DomainModule } from '../domain-module.js'
import { createWebhooksRepository } from './webhooks.repository.js'
import { webhooksRoutes } from './webhooks.routes.js'
import { createWebhooksService, type WebhookEvent, type WebhooksOptions } from './webhooks.service.js'

export type { WebhookEvent } from './webhooks.service.js'

export interface WebhooksPorts {
  /** Sends an event to every enabled webhook of the workspace subscribed to its kind; returns how many. */
  emit(workspaceId: string, event: WebhookEvent): Promise<number>
}

export function createWebhooksModule(deps: {
  db: Database
  queue: JobQueue
  secretKey: string
  options: WebhooksOptions
}): DomainModule<{ webhooks: WebhooksPorts }> {
  const service = createWebhooksService({
    repo: createWebhooksRepository(deps.db),
    queue: deps.queue,
    secrets: createSecretBox(deps.secretKey, 'webhook-secrets'),
    options: deps.options,
  })
  return {
    name: 'webhooks',
    routes: webhooksRoutes(service),
    jobs: async (queue) => {
      await queue.work('webhook.deliver', (payload, meta) =>
        service.deliver(payload.deliveryId, meta.retryCount),
      )
    },
    ports: { webhooks: { emit: (workspaceId, event) => service.emit(workspaceId, event) } },
  }
}
