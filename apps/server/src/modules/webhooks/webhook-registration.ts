import { randomBytes } from 'node:crypto'
import type { WebhookAuthType, WebhookEventType } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { parseOutboundUrl, resolveOutboundTarget } from '../../platform/outbound/outbound.js'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin } from '../../plugins/workspace-roles.js'
import { owned, type WebhooksDeps } from './webhooks-deps.js'

/** Registers a receiver; its signing secret is shown this once. */
export async function createWebhook(
  deps: WebhooksDeps,
  principal: Principal,
  input: {
    auth_type: WebhookAuthType
    name: string
    webhook_url: string
    auth_connection_id?: string | undefined
  },
) {
  const { repo, secrets, options, connections, audit } = deps
  requireAdmin(principal)
  const url = parseOutboundUrl(input.webhook_url, options)
  // A hostname that already resolves somewhere private is refused now, not at first delivery.
  await resolveOutboundTarget(url.toString(), options)
  // Every webhook is signed; OAuth2 and mTLS ones also present a connection's credentials.
  let connectionId: string | null = null
  if (input.auth_type !== 'hmac') {
    if (!input.auth_connection_id) throw new AppError('webhook_auth_connection_required')
    const kind = input.auth_type === 'mtls' ? 'mtls' : 'oauth2_client_credentials'
    await connections.requireKind(principal.workspaceId, input.auth_connection_id, kind)
    connectionId = input.auth_connection_id
  }
  const secret = `wsec_${randomBytes(32).toString('hex')}`
  const id = newId()
  await repo.insert({
    id,
    workspaceId: principal.workspaceId,
    name: input.name,
    url: url.toString(),
    authType: input.auth_type,
    secretSealed: secrets.seal(secret),
    authConnectionId: connectionId,
  })
  await audit?.record(
    undefined,
    principal,
    'webhook_created',
    { type: 'webhook', id },
    { name: input.name, host: url.host },
  )
  return { webhook_id: id, webhook_secret: secret }
}

export async function updateWebhook(
  deps: WebhooksDeps,
  principal: Principal,
  webhookId: string,
  changes: { name: string; is_disabled: boolean; events?: WebhookEventType[] | undefined },
) {
  const { repo, audit } = deps
  await owned(deps, principal, webhookId)
  await repo.update(principal.workspaceId, webhookId, {
    name: changes.name,
    isDisabled: changes.is_disabled,
    ...(changes.events ? { events: [...new Set(changes.events)] } : {}),
  })
  await audit?.record(
    undefined,
    principal,
    'webhook_updated',
    { type: 'webhook', id: webhookId },
    { ...changes },
  )
}
