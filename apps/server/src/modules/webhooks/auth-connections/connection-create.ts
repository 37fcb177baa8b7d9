import { newId } from '../../../lib/ids.js'
import { parseOutboundUrl, resolveOutboundTarget } from '../../../platform/outbound/outbound.js'
import type { Principal } from '../../../plugins/auth.js'
import { requireAdmin } from '../../../plugins/workspace-roles.js'
import type { AuthConnectionRow } from './auth-connections.repository.js'
import {
  type AuthConnectionsDeps,
  type CreateConnection,
  checkClientCertificate,
  type MtlsSecret,
  view,
} from './auth-connections-deps.js'
import type { OAuth2Settings } from './oauth2-token.js'

/** Stores a new connection, its secret sealed; an OAuth2 token URL and an mTLS certificate are checked first. */
export async function createConnection(
  deps: AuthConnectionsDeps,
  principal: Principal,
  input: CreateConnection,
) {
  const { repo, secrets, options } = deps
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
}
