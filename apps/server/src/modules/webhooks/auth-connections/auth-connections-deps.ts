import { createPrivateKey, X509Certificate } from 'node:crypto'
import { AppError } from '../../../errors.js'
import type { SecretBox } from '../../../lib/secret-box.js'
import type { ClientCertificate } from '../webhook-sender.js'
import type { AuthConnectionRow, AuthConnectionsRepository } from './auth-connections.repository.js'
import type { OAuth2Settings } from './oauth2-token.js'

export type CreateConnection =
  | ({
      auth_type: 'oauth2_client_credentials'
      name: string
      provider: string
      client_secret: string
    } & OAuth2Settings)
  | {
      auth_type: 'mtls'
      name: string
      provider: string
      client_certificate: string
      client_key: string
      ca_certificate?: string | undefined
      key_passphrase?: string | undefined
    }

export interface UpdateConnection {
  provider?: string | undefined
  client_id?: string | undefined
  client_secret?: string | undefined
  scopes?: string[] | undefined
  extra_params?: Record<string, string> | undefined
  basic_auth_in_header?: boolean | undefined
  custom_headers?: Record<string, string> | undefined
}

export interface OAuth2Secret {
  client_secret: string
}
export type MtlsSecret = ClientCertificate

export const invalid = (message: string) => new AppError('auth_connection_invalid', { message })

/** The certificate and key must be PEM, the passphrase must open the key, and they must match. */
export function checkClientCertificate(c: MtlsSecret): void {
  let certificate: X509Certificate
  try {
    certificate = new X509Certificate(c.cert)
  } catch {
    throw invalid('The client certificate must be a PEM certificate (BEGIN CERTIFICATE ... END CERTIFICATE).')
  }
  let key: ReturnType<typeof createPrivateKey>
  try {
    key = createPrivateKey({
      key: c.key,
      format: 'pem',
      ...(c.passphrase ? { passphrase: c.passphrase } : {}),
    })
  } catch {
    throw invalid('The client key must be a PEM private key, and the passphrase must open it.')
  }
  if (!certificate.checkPrivateKey(key)) throw invalid('The client key does not belong to the certificate.')
  if (c.ca) {
    try {
      new X509Certificate(c.ca)
    } catch {
      throw invalid('The CA certificate must be a PEM certificate.')
    }
  }
}
export interface AuthConnectionsDeps {
  repo: AuthConnectionsRepository
  secrets: SecretBox
  options: { allowPrivateAddresses: boolean; extraCa: string | null }
}

/** A connection as the API shows it: its settings, never its secrets. */
export function view(row: AuthConnectionRow) {
  const settings = row.settings as Partial<OAuth2Settings>
  return {
    id: row.id,
    auth_type: row.auth_type as 'oauth2_client_credentials' | 'mtls',
    name: row.name,
    provider: row.provider,
    ...(row.auth_type === 'oauth2_client_credentials'
      ? {
          client_id: settings.client_id ?? '',
          token_url: settings.token_url ?? '',
          scopes: settings.scopes ?? [],
          extra_params: settings.extra_params ?? {},
          basic_auth_in_header: settings.basic_auth_in_header ?? false,
          custom_headers: settings.custom_headers ?? {},
        }
      : {}),
    status: row.status as 'active' | 'refresh_failed' | 'revoked' | 'credential_invalid',
    ...(row.status_detail ? { status_detail: row.status_detail } : {}),
    ...(row.status_updated_at ? { status_updated_at: row.status_updated_at.toISOString() } : {}),
  }
}
