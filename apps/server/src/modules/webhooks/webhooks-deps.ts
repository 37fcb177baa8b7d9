import type { WebhookEventType } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { JOB_DEFINITIONS } from '../../jobs/job-types.js'
import type { JobQueue } from '../../jobs/queue.js'
import { newId } from '../../lib/ids.js'
import type { SecretBox } from '../../lib/secret-box.js'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin } from '../../plugins/workspace-roles.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { AuthConnectionsService } from './auth-connections/auth-connections.service.js'
import type { SendResult } from './webhook-sender.js'
import type { WebhooksRepository } from './webhooks.repository.js'

/** The public API's product names for what triggers a webhook. */
export const USAGE_NAMES: Record<WebhookEventType, string> = {
  voice_library_removal_notice: 'Voice Library Removal Notices',
  speech_to_text: 'Speech to Text',
}

export interface WebhookEvent {
  /** The kind webhooks subscribe to. */
  type: WebhookEventType
  /** The body's `type` when it names the event more precisely than its kind (voice_removed). */
  name?: string | undefined
  data: Record<string, unknown>
  /** Only this webhook of the workspace (still only when it is enabled and subscribed). */
  onlyWebhookId?: string | undefined
}

export interface WebhooksOptions {
  allowPrivateAddresses: boolean
  /** Extra certificate authorities (PEM) trusted for receivers, besides the public roots. */
  extraCa: string | null
}

/** Retries after the first attempt, as the queue runs them. */
export const DELIVERY_RETRIES = JOB_DEFINITIONS['webhook.deliver'].options.retryLimit

/** Transient answers worth another attempt: server errors, throttling and no answer at all. */
export function retryable(result: SendResult): boolean {
  return result.status === null || result.status === 429 || result.status >= 500
}

export interface WebhooksDeps {
  repo: WebhooksRepository
  queue: JobQueue
  secrets: SecretBox
  options: WebhooksOptions
  connections: AuthConnectionsService
  audit?: AuditLog | undefined
}

/** A webhook of the caller's workspace, for an admin. */
export async function owned(deps: WebhooksDeps, principal: Principal, webhookId: string) {
  const { repo } = deps
  requireAdmin(principal)
  const webhook = await repo.find(principal.workspaceId, webhookId)
  if (!webhook) throw new AppError('webhook_not_found')
  return webhook
}

/** Stores one delivery per webhook and queues a job to send each, in one transaction. */
export async function enqueue(
  deps: WebhooksDeps,
  webhookIds: string[],
  eventType: string,
  data: Record<string, unknown>,
) {
  const { repo, queue } = deps
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
