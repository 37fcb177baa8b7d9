import { createHmac } from 'node:crypto'
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMEOUT_SECONDS } from '@timbre/contract'
import {
  type ClientCertificate,
  type ResolvedTarget,
  sendOutbound,
} from '../../platform/outbound/outbound.js'

/** `t=<unix>,v0=<hex>`: HMAC-SHA256 over "<t>.<body>" with the webhook's secret. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')
  return `t=${unixSeconds},v0=${digest}`
}

export interface SendResult {
  /** The receiver's status code; null when no answer came (refused, reset, timed out). */
  status: number | null
  durationMs: number
  error: string | null
  /** The answer's body, when asked for (token endpoints); capped. */
  body?: string
}

export type { ClientCertificate }

export interface SendOptions {
  extraCa: string | null
  clientCertificate?: ClientCertificate | undefined
  contentType?: string
  /** Keep the answer's body (up to 64 KiB) instead of draining it. */
  readBody?: boolean
}

const BODY_CAP = 64 * 1024

/** One POST to a checked address, through the outbound module's pinned request. */
export async function sendWebhook(
  target: ResolvedTarget,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<SendResult> {
  const answer = await sendOutbound(target, {
    method: 'POST',
    headers: {
      'content-type': options.contentType ?? 'application/json',
      'user-agent': 'Timbre-Webhooks/1',
      ...headers,
    },
    body,
    extraCa: options.extraCa,
    clientCertificate: options.clientCertificate,
    timeoutMs: WEBHOOK_TIMEOUT_SECONDS * 1000,
    maxBodyBytes: options.readBody ? BODY_CAP : 0,
    overflow: 'truncate',
  })
  return {
    status: answer.status,
    durationMs: answer.durationMs,
    error: answer.error,
    ...(options.readBody ? { body: answer.body.toString('utf8') } : {}),
  }
}

export { WEBHOOK_SIGNATURE_HEADER }
