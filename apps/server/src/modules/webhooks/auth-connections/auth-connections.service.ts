import { AppError } from '../../../errors.js'
import type { Principal } from '../../../plugins/auth.js'
import { requireAdmin } from '../../../plugins/workspace-roles.js'
import type { ClientCertificate } from '../webhook-sender.js'
import type { AuthConnectionRow } from './auth-connections.repository.js'
import {
  type AuthConnectionsDeps,
  type CreateConnection,
  invalid,
  type MtlsSecret,
  type OAuth2Secret,
  type UpdateConnection,
  view,
} from './auth-connections-deps.js'
import { createConnection } from './connection-create.js'
import { createTokenCache, fetchClientCredentialsToken, type OAuth2Settings } from './oauth2-token.js'

export type { CreateConnection, UpdateConnection } from './auth-connections-deps.js'

/**
 * Auth connections of a workspace: the credentials webhooks present to their receivers. They
 * are sealed at rest and never returned; OAuth2 tokens are fetched on demand and cached until
 * they expire.
 */
export function createAuthConnectionsService(deps: AuthConnectionsDeps) {
  const { repo, secrets, options } = deps
  const tokens = createTokenCache()
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
    create: (principal: Principal, input: CreateConnection) => createConnection(deps, principal, input),

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
