import type { IncomingHttpHeaders } from 'node:http'
import { request } from 'node:https'
import type { LookupFunction } from 'node:net'
import { rootCertificates } from 'node:tls'
import type { ResolvedTarget } from './resolve-target.js'

/** A client certificate for mutual TLS, with the authorities that may sign the peer's. */
export interface ClientCertificate {
  cert: string
  key: string
  passphrase?: string | undefined
  ca?: string | undefined
}

export interface OutboundRequest {
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string | undefined
  extraCa?: string | null | undefined
  clientCertificate?: ClientCertificate | undefined
  timeoutMs: number
  /** Keep this many bytes of the answer (0: drain it unread). */
  maxBodyBytes: number
  /** Past `maxBodyBytes`: keep the first bytes quietly, or end the request as too large. */
  overflow: 'truncate' | 'fail'
}

export interface OutboundResponse {
  /** The peer's status code; null when no answer came (refused, reset, timed out, too large). */
  status: number | null
  headers: IncomingHttpHeaders
  body: Buffer
  durationMs: number
  error: string | null
  tooLarge: boolean
}

/** Answers every lookup with the checked address, in both of the forms Node asks for. */
function pinnedLookup(target: ResolvedTarget): LookupFunction {
  return (_host, options, callback) => {
    if ((options as { all?: boolean }).all) {
      const all = callback as unknown as (e: null, a: { address: string; family: number }[]) => void
      all(null, [{ address: target.address, family: target.family }])
    } else callback(null, target.address, target.family)
  }
}

/**
 * One HTTPS request to a checked address. The socket goes to `target.address` while TLS still
 * verifies the certificate against the URL's host name, so the checked address is the one
 * reached. Never rejects: failures come back as `error`.
 */
export function sendOutbound(target: ResolvedTarget, options: OutboundRequest): Promise<OutboundResponse> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const client = options.clientCertificate
  const authorities = [options.extraCa, client?.ca].filter((c): c is string => !!c)
  const headers: Record<string, string | number> = { ...options.headers }
  if (options.body !== undefined) headers['content-length'] = Buffer.byteLength(options.body)
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    const finish = (status: number | null, responseHeaders: IncomingHttpHeaders, error: string | null) =>
      resolve({
        status: tooLarge ? null : status,
        headers: responseHeaders,
        body: Buffer.concat(chunks).subarray(0, options.maxBodyBytes),
        durationMs: elapsed(),
        error: tooLarge ? 'the answer is too large' : error,
        tooLarge,
      })
    const req = request(
      {
        method: options.method,
        protocol: 'https:',
        hostname: target.url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: target.url.port || 443,
        path: `${target.url.pathname}${target.url.search}`,
        headers,
        lookup: pinnedLookup(target),
        ca: authorities.length > 0 ? [...rootCertificates, ...authorities] : undefined,
        ...(client ? { cert: client.cert, key: client.key, passphrase: client.passphrase } : {}),
        timeout: options.timeoutMs,
        agent: false,
      },
      (res) => {
        res.on('data', (chunk: Buffer) => {
          if (size >= options.maxBodyBytes) {
            if (options.overflow === 'fail' && chunk.length > 0) {
              tooLarge = true
              req.destroy()
            }
            return
          }
          chunks.push(chunk)
          size += chunk.length
          if (size > options.maxBodyBytes && options.overflow === 'fail') {
            tooLarge = true
            req.destroy()
          }
        })
        res.on('end', () => finish(res.statusCode ?? null, res.headers, null))
        res.on('error', (e) => finish(res.statusCode ?? null, res.headers, e.message))
        res.on('close', () => finish(res.statusCode ?? null, res.headers, 'the connection closed'))
      },
    )
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs / 1000} s`)))
    req.on('error', (e) => finish(null, {}, e.message))
    req.end(options.body)
  })
}
