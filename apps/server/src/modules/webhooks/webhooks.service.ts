import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { resolveOutboundTarget } from '../../platform/outbound/outbound.js'
import { bindUseCases } from '../../platform/use-cases.js'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin } from '../../plugins/workspace-roles.js'
import { deliverWebhook } from './webhook-delivery.js'
import { createWebhook, updateWebhook } from './webhook-registration.js'
import { enqueue, owned, USAGE_NAMES, type WebhookEvent, type WebhooksDeps } from './webhooks-deps.js'

export type { WebhookEvent, WebhooksOptions } from './webhooks-deps.js'

/**
 * Workspace webhooks: admins register HTTPS receivers; events are stored as deliveries and sent
 * by jobs, signed with the webhook's secret, retried with backoff, and a receiver that keeps
 * failing is switched off.
 */
export function createWebhooksService(deps: WebhooksDeps) {
  const { repo, queue, options, audit } = deps

  return {
    ...bindUseCases(deps, { create: createWebhook, update: updateWebhook, deliver: deliverWebhook }),

    async list(principal: Principal) {
      requireAdmin(principal)
      return (await repo.list(principal.workspaceId)).map((w) => ({
        ...w,
        usage: w.events.filter((e): e is WebhookEventType => e in USAGE_NAMES).map((e) => USAGE_NAMES[e]),
      }))
    },

    async remove(principal: Principal, webhookId: string) {
      requireAdmin(principal)
      if (!(await repo.remove(principal.workspaceId, webhookId))) throw new AppError('webhook_not_found')
      await audit?.record(undefined, principal, 'webhook_deleted', { type: 'webhook', id: webhookId })
    },

    /** Timbre's own check: one signed test event to this webhook, whatever it subscribes to. */
    async sendTest(principal: Principal, webhookId: string) {
      const webhook = await owned(deps, principal, webhookId)
      const [id] = await enqueue(deps, [webhook.id], WEBHOOK_TEST_EVENT, {
        webhook_id: webhook.id,
        message: 'This is a test event from Timbre.',
      })
      return { delivery_id: id as string }
    },

    async deliveries(principal: Principal, webhookId: string) {
      await owned(deps, principal, webhookId)
      return repo.listDeliveries(webhookId, 100)
    },

    /** The port: queue one delivery per enabled webhook of the workspace subscribed to the kind. */
    async emit(workspaceId: string, event: WebhookEvent): Promise<number> {
      const subscribed = await repo.subscribers(workspaceId, event.type)
      const targets = event.onlyWebhookId
        ? subscribed.filter((t) => t.id === event.onlyWebhookId)
        : subscribed
      if (targets.length === 0) return 0
      return (
        await enqueue(
          deps,
          targets.map((t) => t.id),
          event.name ?? event.type,
          event.data,
        )
      ).length
    },

    /** The port: whether the workspace has this webhook, whatever its state. */
    async exists(workspaceId: string, webhookId: string): Promise<boolean> {
      return (await repo.find(workspaceId, webhookId)) !== undefined
    },

    /**
     * The port: queue one event to one webhook of the workspace that another setting names (the
     * conversational AI post-call webhook), whatever kinds it subscribes to; false when that
     * webhook is gone or switched off.
     */
    async sendTo(workspaceId: string, webhookId: string, eventType: string, data: Record<string, unknown>) {
      const webhook = await repo.find(workspaceId, webhookId)
      if (!webhook || webhook.is_disabled || webhook.is_auto_disabled) return false
      await enqueue(deps, [webhook.id], eventType, data)
      return true
    },

    /** The port: whether the workspace has an enabled webhook for the kind (that one, when named). */
    async subscribed(workspaceId: string, type: WebhookEventType, webhookId?: string): Promise<boolean> {
      const targets = await repo.subscribers(workspaceId, type)
      return webhookId ? targets.some((t) => t.id === webhookId) : targets.length > 0
    },

    /**
     * The port: refuses (422, naming `param`) a callback URL that is not HTTPS or whose host is,
     * or resolves to, an address webhooks may not reach.
     */
    async checkCallbackUrl(url: string, param: string): Promise<void> {
      try {
        await resolveOutboundTarget(url, options)
      } catch (error) {
        if (error instanceof AppError) throw new AppError(error.code, { param })
        throw error
      }
    },

    /** The port: queue one delivery of an event to a callback URL (no registered webhook). */
    async callback(url: string, event: { type: string; data: Record<string, unknown> }): Promise<void> {
      const body = JSON.stringify({
        type: event.type,
        event_timestamp: Math.floor(Date.now() / 1000),
        data: event.data,
      })
      const id = newId()
      await repo.transaction(async (trx) => {
        await repo.insertDelivery(trx, { id, webhookId: null, targetUrl: url, eventType: event.type, body })
        await queue.send('webhook.deliver', { deliveryId: id }, { trx })
      })
    },
  }
}

export type WebhooksService = ReturnType<typeof createWebhooksService>
