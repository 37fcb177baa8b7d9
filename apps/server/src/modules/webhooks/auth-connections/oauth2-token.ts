import { AppError } from '../../../errors.js'
import { resolveOutboundTarget } from '../../../platform/outbound/outbound.js'
import { sendWebhook } from '../webhook-sender.js'

export interface OAuth2Settings {
  client_id: string
  token_url: string
  scopes?: string[] | undefined
  extra_params?: Record<string, string> | undefined
  basic_auth_in_header?: boolean | undefined
  custom_headers?: Record<string, string> | undefined
}

export interface Token {
  accessToken: string
  /** Epoch milliseconds after which the token must not be used. */
  expiresAt: number
}

/** Tokens are renewed this long before they run out, so one never expires in flight. */
const EARLY_RENEWAL_MS = 30_000
/** A token endpoint that gives no lifetime: use the token for a minute. */
const DEFAULT_LIFETIME_S = 60

/**
 * The OAuth2 client-credentials grant (RFC 6749) against an HTTPS token URL, held to the
 * same address rules as webhook URLs. The secret goes in the form or as HTTP Basic, as set.
 */
export async function fetchClientCredentialsToken(
  settings: OAuth2Settings,
  clientSecret: string,
  options: { allowPrivateAddresses: boolean; extraCa: string | null },
): Promise<Token> {
  const target = await resolveOutboundTarget(settings.token_url, options)
  const form = new URLSearchParams({ grant_type: 'client_credentials' })
  const headers: Record<string, string> = { accept: 'application/json', ...(settings.custom_headers ?? {}) }
  if (settings.basic_auth_in_header) {
    const pair = `${encodeURIComponent(settings.client_id)}:${encodeURIComponent(clientSecret)}`
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`
  } else {
    form.set('client_id', settings.client_id)
    form.set('client_secret', clientSecret)
  }
  if (settings.scopes?.length) form.set('scope', settings.scopes.join(' '))
  for (const [key, value] of Object.entries(settings.extra_params ?? {})) {
    if (!form.has(key)) form.set(key, value)
  }
  const started = Date.now()
  const answer = await sendWebhook(target, form.toString(), headers, {
    extraCa: options.extraCa,
    contentType: 'application/x-www-form-urlencoded',
    readBody: true,
  })
  if (answer.status === null || answer.status < 200 || answer.status >= 300) {
    throw new AppError('auth_connection_token_failed', {
      message: `The token URL answered ${answer.status ?? answer.error ?? 'nothing'}.`,
    })
  }
  let parsed: { access_token?: unknown; expires_in?: unknown; token_type?: unknown }
  try {
    parsed = JSON.parse(answer.body ?? '')
  } catch {
    throw new AppError('auth_connection_token_failed')
  }
  if (typeof parsed.access_token !== 'string' || parsed.access_token === '') {
    throw new AppError('auth_connection_token_failed')
  }
  const lifetime =
    typeof parsed.expires_in === 'number' && parsed.expires_in > 0 ? parsed.expires_in : DEFAULT_LIFETIME_S
  return {
    accessToken: parsed.access_token,
    expiresAt: started + Math.max(0, lifetime * 1000 - EARLY_RENEWAL_MS),
  }
}

/**
 * Tokens per connection for this process, kept until they expire. A connection whose settings
 * changed is a new cache entry (the version is its last update time).
 */
export function createTokenCache() {
  const tokens = new Map<string, { version: number; token: Token }>()
  const pending = new Map<string, Promise<Token>>()
  return {
    async get(id: string, version: number, fetcher: () => Promise<Token>): Promise<string> {
      const held = tokens.get(id)
      if (held && held.version === version && held.token.expiresAt > Date.now()) return held.token.accessToken
      const key = `${id}@${version}`
      // Concurrent deliveries share one token request.
      let inflight = pending.get(key)
      if (!inflight) {
        inflight = fetcher().finally(() => pending.delete(key))
        pending.set(key, inflight)
      }
      const token = await inflight
      tokens.set(id, { version, token })
      return token.accessToken
    },
    forget(id: string): void {
      tokens.delete(id)
    },
  }
}
