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
  /** The answer's body, when asked for (token endpoints); capped. */
  body?: string
}

/** A client certificate for mutual TLS, with the authorities that may sign the receiver's. */
export interface ClientCertificate {
  cert: string
  key: string
  passphrase?: string | undefined
  ca?: string | undefined
}

export interface SendOptions {
  extraCa: string | null
  clientCertificate?: ClientCertificate | undefined
  contentType?: string
  /** Keep the answer's body (up to 64 KiB) instead of draining it. */
  readBody?: boolean
}

const BODY_CAP = 64 * 1024

/**
 * One POST to a checked address. The socket goes to `target.address` while TLS still verifies
 * the certificate against the URL's host name, so the checked address is the one reached.
 */
export function sendWebhook(
  target: ResolvedTarget,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<SendResult> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const client = options.clientCertificate
  const authorities = [options.extraCa, client?.ca].filter((c): c is string => !!c)
  return new Promise((resolve) => {
    const req = request(
      {
        method: 'POST',
        protocol: 'https:',
        hostname: target.url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: target.url.port || 443,
        path: `${target.url.pathname}${target.url.search}`,
        headers: {
          'content-type': options.contentType ?? 'application/json',
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
        ca: authorities.length > 0 ? [...rootCertificates, ...authorities] : undefined,
        ...(client ? { cert: client.cert, key: client.key, passphrase: client.passphrase } : {}),
        timeout: WEBHOOK_TIMEOUT_SECONDS * 1000,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          if (!options.readBody || size >= BODY_CAP) return
          chunks.push(chunk)
          size += chunk.length
        })
        const text = () =>
          options.readBody ? { body: Buffer.concat(chunks).subarray(0, BODY_CAP).toString('utf8') } : {}
        res.on('end', () =>
          resolve({ status: res.statusCode ?? null, durationMs: elapsed(), error: null, ...text() }),
        )
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
