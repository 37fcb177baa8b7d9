import type { Database } from '../../db/database.js'
import type { JobQueue } from '../../jobs/queue.js'
import { createSecretBox } from '../../lib/secret-box.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { DomainModule } from '../domain-module.js'
import type { VoicesPorts } from '../voices/voices.module.js'
import { createAuthConnectionsRepository } from './auth-connections/auth-connections.repository.js'
import { authConnectionsRoutes } from './auth-connections/auth-connections.routes.js'
import { createAuthConnectionsService } from './auth-connections/auth-connections.service.js'
import { createWebhooksRepository } from './webhooks.repository.js'
import { webhooksRoutes } from './webhooks.routes.js'
import { createWebhooksService, type WebhookEvent, type WebhooksOptions } from './webhooks.service.js'

export type { WebhookEvent } from './webhooks.service.js'

export interface WebhooksPorts {
  /** Sends an event to every enabled webhook of the workspace subscribed to its kind; returns how many. */
  emit(workspaceId: string, event: WebhookEvent): Promise<number>
  /** Whether an enabled webhook of the workspace subscribes to the kind (that one, when named). */
  subscribed(workspaceId: string, type: WebhookEvent['type'], webhookId?: string): Promise<boolean>
  /** Whether the workspace has this webhook (enabled or not), for settings that name one. */
  exists(workspaceId: string, webhookId: string): Promise<boolean>
  /** Sends an event to the one webhook a setting names, if it is there and enabled; whether it was. */
  sendTo(
    workspaceId: string,
    webhookId: string,
    eventType: string,
    data: Record<string, unknown>,
  ): Promise<boolean>
}

/** One-off callbacks to a URL a request named (a Studio project's callback_url). */
export interface CallbacksPort {
  /** Refuses (422, naming `param`) a URL webhooks could not reach: not HTTPS, or a private address. */
  check(url: string, param: string): Promise<void>
  /** Posts the event to the URL as a delivery job, retried as webhook deliveries are. */
  send(url: string, event: { type: string; data: Record<string, unknown> }): Promise<void>
}

export function createWebhooksModule(deps: {
  db: Database
  queue: JobQueue
  secretKey: string
  options: WebhooksOptions
  audit?: AuditLog
  /** Workspaces that lose a voice they use hear it through their webhooks. */
  voiceRemovals?: VoicesPorts['removals']
}): DomainModule<{ webhooks: WebhooksPorts; callbacks: CallbacksPort }> {
  const connections = createAuthConnectionsService({
    repo: createAuthConnectionsRepository(deps.db),
    secrets: createSecretBox(deps.secretKey, 'auth-connections'),
    options: deps.options,
  })
  const service = createWebhooksService({
    repo: createWebhooksRepository(deps.db),
    queue: deps.queue,
    secrets: createSecretBox(deps.secretKey, 'webhook-secrets'),
    options: deps.options,
    connections,
    audit: deps.audit,
  })
  deps.voiceRemovals?.subscribe(async (notices) => {
    for (const notice of notices)
      await service.emit(notice.workspaceId, {
        type: 'voice_library_removal_notice',
        name: notice.event,
        data: notice.data,
      })
  })
  return {
    name: 'webhooks',
    routes: async (app) => {
      await app.register(webhooksRoutes(service))
      await app.register(authConnectionsRoutes(connections))
    },
    jobs: async (queue) => {
      await queue.work('webhook.deliver', (payload, meta) =>
        service.deliver(payload.deliveryId, meta.retryCount),
      )
    },
    ports: {
      webhooks: {
        emit: (workspaceId, event) => service.emit(workspaceId, event),
        subscribed: (workspaceId, type, webhookId) => service.subscribed(workspaceId, type, webhookId),
        exists: (workspaceId, webhookId) => service.exists(workspaceId, webhookId),
        sendTo: (workspaceId, webhookId, eventType, data) =>
          service.sendTo(workspaceId, webhookId, eventType, data),
      },
      callbacks: {
        check: (url, param) => service.checkCallbackUrl(url, param),
        send: (url, event) => service.callback(url, event),
      },
    },
  }
}
