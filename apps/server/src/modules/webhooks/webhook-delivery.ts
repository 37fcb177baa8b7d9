import { WEBHOOK_AUTO_DISABLE_AFTER_FAILURES, WEBHOOK_SIGNATURE_HEADER } from '@timbre/contract'
import { resolveOutboundTarget } from '../../platform/outbound/outbound.js'
import { type SendResult, sendWebhook, signatureHeader } from './webhook-sender.js'
import { DELIVERY_RETRIES, retryable, type WebhooksDeps } from './webhooks-deps.js'

/** Records one attempt's result; throws when the queue should try again. */
async function recordResult(
  deps: WebhooksDeps,
  deliveryId: string,
  retryCount: number,
  result: SendResult,
  final: boolean,
) {
  const { repo } = deps
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
async function deliverCallback(
  deps: WebhooksDeps,
  deliveryId: string,
  url: string,
  body: string,
  retryCount: number,
) {
  const { options } = deps
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
  await recordResult(deps, deliveryId, retryCount, result, final)
}

/** One attempt of one delivery (the job handler); throws to have the queue retry it. */
export async function deliverWebhook(
  deps: WebhooksDeps,
  deliveryId: string,
  retryCount: number,
): Promise<void> {
  const { repo, secrets, options, connections } = deps
  const delivery = await repo.findDelivery(deliveryId)
  if (!delivery || delivery.status === 'delivered' || delivery.status === 'failed') return
  if (delivery.target_url !== null)
    return deliverCallback(deps, delivery.id, delivery.target_url, delivery.body, retryCount)
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
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secrets.open(webhook.secret_sealed), delivery.body, unix),
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
}
