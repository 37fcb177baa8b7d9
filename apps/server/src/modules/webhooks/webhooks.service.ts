import { randomBytes } from 'node:crypto'
import {
  WEBHOOK_AUTO_DISABLE_AFTER_FAILURES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TEST_EVENT,
  type WebhookAuthType,
  type WebhookEventType,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import { JOB_DEFINITIONS } from '../../jobs/job-types.js'
import type { JobQueue } from '../../jobs/queue.js'
import { newId } from '../../lib/ids.js'
import type { SecretBox } from '../../lib/secret-box.js'
import { parseOutboundUrl, resolveOutboundTarget } from '../../platform/outbound/outbound.js'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin } from '../../plugins/workspace-roles.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { AuthConnectionsService } from './auth-connections/auth-connections.service.js'
import { type SendResult, sendWebhook, signatureHeader } from './webhook-sender.js'
import type { WebhooksRepository } from './webhooks.repository.js'

/** The public API's product names for what triggers a webhook. */
const USAGE_NAMES: Record<WebhookEventType, string> = {
  voice_library_removal_notice: 'Voice Library Removal Notices',
  speech_to_text: 'Speech to Text',
}

export interface WebhookEvent {
  /** The kind webhooks subscribe to. */
  type: WebhookEventType
  /** The body's `type` when it names the event more precisely than its kind (voice_removed). */
  name?: string | undefined
  data: Record<string, unknown>
}

export interface WebhooksOptions {
  allowPrivateAddresses: boolean
  /** Extra certificate authorities (PEM) trusted for receivers, besides the public roots. */
  extraCa: string | null
}

/** Retries after the first attempt, as the queue runs them. */
const DELIVERY_RETRIES = JOB_DEFINITIONS['webhook.deliver'].options.retryLimit

/** Transient answers worth another attempt: server errors, throttling and no answer at all. */
function retryable(result: SendResult): boolean {
  return result.status === null || result.status === 429 || result.status >= 500
}

/**
 * Workspace webhooks: admins register HTTPS receivers; events are stored as deliveries and sent
 * by jobs, signed with the webhook's secret, retried with backoff, and a receiver that keeps
 * failing is switched off.
 */
export function createWebhooksService(deps: {
  repo: WebhooksRepository
  queue: JobQueue
  secrets: SecretBox
  options: WebhooksOptions
  connections: AuthConnectionsService
  audit?: AuditLog | undefined
}) {
  const { repo, queue, secrets, options, connections, audit } = deps

  async function owned(principal: Principal, webhookId: string) {
    requireAdmin(principal)
    const webhook = await repo.find(principal.workspaceId, webhookId)
    if (!webhook) throw new AppError('webhook_not_found')
    return webhook
  }

  async function enqueue(webhookIds: string[], eventType: string, data: Record<string, unknown>) {
    const body = JSON.stringify({ type: eventType, event_timestamp: Math.floor(Date.now() / 1000), data })
    const ids = webhookIds.map(() => newId())
    await repo.transaction(async (trx) => {
      for (const [i, webhookId] of webhookIds.entries()) {
        const id = ids[i] as string
        await repo.insertDelivery(trx, { id, webhookId, eventType, body })
        await queue.send('webhook.deliver', { deliveryId: id }, { trx })
      }
    })
    return ids
  }

  /** Records one attempt's result; throws when the queue should try again. */
  async function recordResult(deliveryId: string, retryCount: number, result: SendResult, final: boolean) {
    const attempt = retryCount + 1
    const ok = result.status !== null && result.status >= 200 && result.status < 300
    const willRetry = !ok && !final && retryable(result) && retryCount < DELIVERY_RETRIES
    await repo.recordAttempt(deliveryId, {
      status: ok ? 'delivered' : willRetry ? 'retrying' : 'failed',
      attempts: attempt,
      responseCode: result.status,
      durationMs: result.durationMs,
      error: ok ? null : (result.error ?? `The receiver answered ${result.status}.`),
    })
    if (willRetry) throw new Error(`callback delivery attempt ${attempt} failed`)
  }

  /** A callback: unsigned (it has no webhook secret), under the same address rules and retries. */
  async function deliverCallback(deliveryId: string, url: string, body: string, retryCount: number) {
    let result: SendResult
    let final = false
    try {
      // Resolved and checked at every attempt: the name may point elsewhere since it was given.
      const target = await resolveOutboundTarget(url, options)
      result = await sendWebhook(target, body, {}, { extraCa: options.extraCa })
    } catch (error) {
      final = true
      result = { status: null, durationMs: 0, error: error instanceof Error ? error.message : String(error) }
    }
    await recordResult(deliveryId, retryCount, result, final)
  }

  return {
    async list(principal: Principal) {
      requireAdmin(principal)
      return (await repo.list(principal.workspaceId)).map((w) => ({
        ...w,
        usage: w.events.filter((e): e is WebhookEventType => e in USAGE_NAMES).map((e) => USAGE_NAMES[e]),
      }))
    },

    async create(
      principal: Principal,
      input: {
        auth_type: WebhookAuthType
        name: string
        webhook_url: string
        auth_connection_id?: string | undefined
      },
    ) {
      requireAdmin(principal)
      const url = parseOutboundUrl(input.webhook_url, options)
      // A hostname that already resolves somewhere private is refused now, not at first delivery.
      await resolveOutboundTarget(url.toString(), options)
      // Every webhook is signed; OAuth2 and mTLS ones also present a connection's credentials.
      let connectionId: string | null = null
      if (input.auth_type !== 'hmac') {
        if (!input.auth_connection_id) throw new AppError('webhook_auth_connection_required')
        const kind = input.auth_type === 'mtls' ? 'mtls' : 'oauth2_client_credentials'
        await connections.requireKind(principal.workspaceId, input.auth_connection_id, kind)
        connectionId = input.auth_connection_id
      }
      const secret = `wsec_${randomBytes(32).toString('hex')}`
      const id = newId()
      await repo.insert({
        id,
        workspaceId: principal.workspaceId,
        name: input.name,
        url: url.toString(),
        authType: input.auth_type,
        secretSealed: secrets.seal(secret),
        authConnectionId: connectionId,
      })
      await audit?.record(
        undefined,
        principal,
        'webhook_created',
        { type: 'webhook', id },
        { name: input.name, host: url.host },
      )
      return { webhook_id: id, webhook_secret: secret }
    },

    async update(
      principal: Principal,
      webhookId: string,
      changes: { name: string; is_disabled: boolean; events?: WebhookEventType[] | undefined },
    ) {
      await owned(principal, webhookId)
      await repo.update(principal.workspaceId, webhookId, {
        name: changes.name,
        isDisabled: changes.is_disabled,
        ...(changes.events ? { events: [...new Set(changes.events)] } : {}),
      })
      await audit?.record(
        undefined,
        principal,
        'webhook_updated',
        { type: 'webhook', id: webhookId },
        { ...changes },
      )
    },

    async remove(principal: Principal, webhookId: string) {
      requireAdmin(principal)
      if (!(await repo.remove(principal.workspaceId, webhookId))) throw new AppError('webhook_not_found')
      await audit?.record(undefined, principal, 'webhook_deleted', { type: 'webhook', id: webhookId })
    },

    /** Timbre's own check: one signed test event to this webhook, whatever it subscribes to. */
    async sendTest(principal: Principal, webhookId: string) {
      const webhook = await owned(principal, webhookId)
      const [id] = await enqueue([webhook.id], WEBHOOK_TEST_EVENT, {
        webhook_id: webhook.id,
        message: 'This is a test event from Timbre.',
      })
      return { delivery_id: id as string }
    },

    async deliveries(principal: Principal, webhookId: string) {
      await owned(principal, webhookId)
      return repo.listDeliveries(webhookId, 100)
    },

    /** The port: queue one delivery per enabled webhook of the workspace subscribed to the kind. */
    async emit(workspaceId: string, event: WebhookEvent): Promise<number> {
      const targets = await repo.subscribers(workspaceId, event.type)
      if (targets.length === 0) return 0
      return (
        await enqueue(
          targets.map((t) => t.id),
          event.name ?? event.type,
          event.data,
        )
      ).length
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

    /** One attempt of one delivery (the job handler); throws to have the queue retry it. */
    async deliver(deliveryId: string, retryCount: number): Promise<void> {
      const delivery = await repo.findDelivery(deliveryId)
      if (!delivery || delivery.status === 'delivered' || delivery.status === 'failed') return
      if (delivery.target_url !== null)
        return deliverCallback(delivery.id, delivery.target_url, delivery.body, retryCount)
      if (delivery.webhook_id === null) return
      const webhook = await repo.findById(delivery.webhook_id)
      const attempt = retryCount + 1
      if (!webhook) return
      if (webhook.is_disabled || webhook.is_auto_disabled) {
        await repo.recordAttempt(deliveryId, {
          status: 'skipped',
          attempts: delivery.attempts,
          responseCode: null,
          durationMs: null,
          error: 'The webhook is disabled.',
        })
        return
      }
      let result: SendResult
      let final = false
      try {
        // Resolved and checked at every attempt: the name may point elsewhere since it was saved.
        const target = await resolveOutboundTarget(webhook.url, options)
        const unix = Math.floor(Date.now() / 1000)
        const auth = webhook.auth_connection_id
          ? await connections.credentialsFor(webhook.workspace_id, webhook.auth_connection_id)
          : { headers: {} }
        result = await sendWebhook(
          target,
          delivery.body,
          {
            ...auth.headers,
            [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(
              secrets.open(webhook.secret_sealed),
              delivery.body,
              unix,
            ),
          },
          { extraCa: options.extraCa, clientCertificate: auth.clientCertificate },
        )
      } catch (error) {
        // A refused address will not become acceptable by retrying.
        final = true
        result = {
          status: null,
          durationMs: 0,
          error: error instanceof Error ? error.message : String(error),
        }
      }
      const ok = result.status !== null && result.status >= 200 && result.status < 300
      if (ok) {
        await repo.recordAttempt(deliveryId, {
          status: 'delivered',
          attempts: attempt,
          responseCode: result.status,
          durationMs: result.durationMs,
          error: null,
        })
        await repo.recordSuccess(webhook.id)
        return
      }
      const willRetry = !final && retryable(result) && retryCount < DELIVERY_RETRIES
      await repo.recordAttempt(deliveryId, {
        status: willRetry ? 'retrying' : 'failed',
        attempts: attempt,
        responseCode: result.status,
        durationMs: result.durationMs,
        error: result.error ?? `The receiver answered ${result.status}.`,
      })
      if (willRetry) throw new Error(`webhook delivery attempt ${attempt} failed`)
      await repo.recordFailure(webhook.id, result.status, WEBHOOK_AUTO_DISABLE_AFTER_FAILURES)
    },
  }
}

export type WebhooksService = ReturnType<typeof createWebhooksService>
