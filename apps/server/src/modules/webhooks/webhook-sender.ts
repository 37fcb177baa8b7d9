import { createHmac } from 'node:crypto'
import { request } from 'node:https'
import { rootCertificates } from 'node:tls'
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMEOUT_SECONDS } from '@timbre/contract'
import type { ResolvedTarget } from './webhook-address.js'

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
}

/**
 * One POST to a checked address. The socket goes to `target.address` while TLS still verifies
 * the certificate against the URL's host name, so the checked address is the one reached.
 */
export function sendWebhook(
  target: ResolvedTarget,
  body: string,
  headers: Record<string, string>,
  options: { extraCa: string | null },
): Promise<SendResult> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  return new Promise((resolve) => {
    const req = request(
      {
        method: 'POST',
        protocol: 'https:',
        hostname: target.url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: target.url.port || 443,
        path: `${target.url.pathname}${target.url.search}`,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Timbre-Webhooks/1',
          ...headers,
        },
        lookup: (_host, opts, callback) => {
          // Node asks for every address when `all` is set (autoSelectFamily); answer both forms.
          if ((opts as { all?: boolean }).all) {
            ;(callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
              { address: target.address, family: target.family },
            ])
          } else callback(null, target.address, target.family)
        },
        ca: options.extraCa ? [...rootCertificates, options.extraCa] : undefined,
        timeout: WEBHOOK_TIMEOUT_SECONDS * 1000,
        agent: false,
      },
      (res) => {
        // Only the status matters; drain the body so the socket closes.
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode ?? null, durationMs: elapsed(), error: null }))
        res.on('error', (e) =>
          resolve({ status: res.statusCode ?? null, durationMs: elapsed(), error: e.message }),
        )
      },
    )
    req.on('timeout', () => req.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_SECONDS} s`)))
    req.on('error', (e) => resolve({ status: null, durationMs: elapsed(), error: e.message }))
    req.end(body)
  })
}

export { WEBHOOK_SIGNATURE_HEADER }
