import { createPrivateKey, X509Certificate } from 'node:crypto'
import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { SecretBox } from '../../../lib/secret-box.js'
import { parseOutboundUrl, resolveOutboundTarget } from '../../../platform/outbound/outbound.js'
import type { Principal } from '../../../plugins/auth.js'
import { requireAdmin } from '../../../plugins/workspace-roles.js'
import type { ClientCertificate } from '../webhook-sender.js'
import type { AuthConnectionRow, AuthConnectionsRepository } from './auth-connections.repository.js'
import { createTokenCache, fetchClientCredentialsToken, type OAuth2Settings } from './oauth2-token.js'

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

interface OAuth2Secret {
  client_secret: string
}
type MtlsSecret = ClientCertificate

const invalid = (message: string) => new AppError('auth_connection_invalid', { message })

/** The certificate and key must be PEM, the passphrase must open the key, and they must match. */
function checkClientCertificate(c: MtlsSecret): void {
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

/**
 * Auth connections of a workspace: the credentials webhooks present to their receivers. They
 * are sealed at rest and never returned; OAuth2 tokens are fetched on demand and cached until
 * they expire.
 */
export function createAuthConnectionsService(deps: {
  repo: AuthConnectionsRepository
  secrets: SecretBox
  options: { allowPrivateAddresses: boolean; extraCa: string | null }
}) {
  const { repo, secrets, options } = deps
  const tokens = createTokenCache()

  function view(row: AuthConnectionRow) {
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

  async function owned(principal: Principal, id: string) {
    requireAdmin(principal)
    const row = await repo.find(principal.workspaceId, id)
    if (!row) throw new AppError('auth_connection_not_found')
    return row
  }

  async function accessToken(row: AuthConnectionRow): Promise<string> {
    const settings = row.settings as unknown as OAuth2Settings
    const { client_secret } = JSON.parse(secrets.open(row.credentials_sealed)) as OAuth2Secret
    try {
      return await tokens.get(row.id, row.updated_at.getTime(), () =>
        fetchClientCredentialsToken(settings, client_secret, options),
      )
    } catch (error) {
      await repo.setStatus(row.id, 'refresh_failed', error instanceof Error ? error.message : String(error))
      throw error
    }
  }

  return {
    async list(principal: Principal) {
      requireAdmin(principal)
      return (await repo.list(principal.workspaceId)).map(view)
    },

    async create(principal: Principal, input: CreateConnection) {
      requireAdmin(principal)
      const id = newId()
      if (input.auth_type === 'oauth2_client_credentials') {
        const url = parseOutboundUrl(input.token_url, options)
        await resolveOutboundTarget(url.toString(), options)
        const settings: OAuth2Settings = {
          client_id: input.client_id,
          token_url: url.toString(),
          scopes: input.scopes ?? [],
          extra_params: input.extra_params ?? {},
          basic_auth_in_header: input.basic_auth_in_header ?? false,
          custom_headers: input.custom_headers ?? {},
        }
        await repo.insert({
          id,
          workspaceId: principal.workspaceId,
          name: input.name,
          provider: input.provider,
          authType: input.auth_type,
          settings: { ...settings },
          credentialsSealed: secrets.seal(JSON.stringify({ client_secret: input.client_secret })),
        })
      } else {
        const certificate: MtlsSecret = {
          cert: input.client_certificate,
          key: input.client_key,
          ...(input.key_passphrase ? { passphrase: input.key_passphrase } : {}),
          ...(input.ca_certificate?.trim() ? { ca: input.ca_certificate } : {}),
        }
        checkClientCertificate(certificate)
        await repo.insert({
          id,
          workspaceId: principal.workspaceId,
          name: input.name,
          provider: input.provider,
          authType: input.auth_type,
          settings: {},
          credentialsSealed: secrets.seal(JSON.stringify(certificate)),
        })
      }
      return view((await repo.find(principal.workspaceId, id)) as AuthConnectionRow)
    },

    async update(principal: Principal, id: string, patch: UpdateConnection) {
      const row = await owned(principal, id)
      if (row.auth_type !== 'oauth2_client_credentials') {
        throw invalid(
          'Only OAuth2 client-credentials connections can be edited; create a new mTLS connection.',
        )
      }
      const current = row.settings as unknown as OAuth2Settings
      const settings: OAuth2Settings = {
        ...current,
        ...(patch.client_id !== undefined ? { client_id: patch.client_id } : {}),
        ...(patch.scopes !== undefined ? { scopes: patch.scopes } : {}),
        ...(patch.extra_params !== undefined ? { extra_params: patch.extra_params } : {}),
        ...(patch.basic_auth_in_header !== undefined
          ? { basic_auth_in_header: patch.basic_auth_in_header }
          : {}),
        ...(patch.custom_headers !== undefined ? { custom_headers: patch.custom_headers } : {}),
      }
      await repo.update(principal.workspaceId, id, {
        ...(patch.provider !== undefined ? { provider: patch.provider } : {}),
        settings: { ...settings },
        ...(patch.client_secret
          ? { credentialsSealed: secrets.seal(JSON.stringify({ client_secret: patch.client_secret })) }
          : {}),
      })
      tokens.forget(id)
      return view((await repo.find(principal.workspaceId, id)) as AuthConnectionRow)
    },

    async remove(principal: Principal, id: string): Promise<void> {
      requireAdmin(principal)
      const outcome = await repo.remove(principal.workspaceId, id)
      if (outcome === 'missing') throw new AppError('auth_connection_not_found')
      if (outcome === 'in_use') throw new AppError('auth_connection_in_use')
      tokens.forget(id)
    },

    /** A connection of the workspace with the given kind, for a webhook being saved. */
    async requireKind(workspaceId: string, id: string, kind: 'oauth2_client_credentials' | 'mtls') {
      const row = await repo.find(workspaceId, id)
      if (!row) throw new AppError('auth_connection_not_found')
      if (row.auth_type !== kind) throw new AppError('webhook_auth_connection_required')
    },

    /** What a delivery presents: a bearer token, or a client certificate. */
    async credentialsFor(
      workspaceId: string,
      id: string,
    ): Promise<{ headers: Record<string, string>; clientCertificate?: ClientCertificate }> {
      const row = await repo.find(workspaceId, id)
      if (!row) throw new AppError('auth_connection_not_found')
      if (row.auth_type === 'mtls') {
        return {
          headers: {},
          clientCertificate: JSON.parse(secrets.open(row.credentials_sealed)) as MtlsSecret,
        }
      }
      const token = await accessToken(row)
      await repo.setStatus(row.id, 'active', null)
      return { headers: { authorization: `Bearer ${token}` } }
    },
  }
}

export type AuthConnectionsService = ReturnType<typeof createAuthConnectionsService>
