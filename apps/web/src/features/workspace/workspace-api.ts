// The workspace administration calls of the web app (members, invites, groups, service
// accounts, workspace API keys, webhooks, auth connections, secrets, switching), typed by the contract.
import { client, settle } from '../../lib/api'
import type { RequestJson, ResponseJson } from '../../lib/api-types'

export type Member = ResponseJson<'/v1/workspace/members', 'get', 200>[number]
export type Invite = ResponseJson<'/v1/workspace/invites', 'get', 200>['invites'][number]
export type Group = ResponseJson<'/v1/workspace/groups', 'get', 200>[string]
export type WorkspaceSummary = ResponseJson<'/v1/workspaces', 'get', 200>['workspaces'][number]
export type WorkspaceAccess = ResponseJson<'/v1/workspace/permissions', 'get', 200>
export type ServiceAccount = ResponseJson<'/v1/service-accounts', 'get', 200>['service-accounts'][number]
export type ServiceAccountKey = ServiceAccount['api-keys'][number]
export type WorkspaceApiKey = ResponseJson<'/v1/workspace/api-keys', 'get', 200>['api_keys'][number]
export type Webhook = ResponseJson<'/v1/workspace/webhooks', 'get', 200>['webhooks'][number]
export type WebhookDelivery = ResponseJson<
  '/v1/workspace/webhooks/{webhook_id}/deliveries',
  'get',
  200
>['deliveries'][number]
export type AuthConnection = ResponseJson<
  '/v1/workspace/auth-connections',
  'get',
  200
>['auth_connections'][number]
export type WorkspaceSecret = ResponseJson<'/v1/convai/secrets', 'get', 200>['secrets'][number]
export type SecretInput = RequestJson<'/v1/convai/secrets', 'post'>
export type InviteRequest = RequestJson<'/v1/workspace/invites/add', 'post'>
export type MemberUpdate = RequestJson<'/v1/workspace/members', 'post'>
export type CreateConnection = RequestJson<'/v1/workspace/auth-connections', 'post'>
export type CreateWebhook = RequestJson<'/v1/workspace/webhooks', 'post'>['settings']

export const getAccess = () => settle(client.GET('/v1/workspace/permissions'))
export const listMyWorkspaces = () => settle(client.GET('/v1/workspaces'))
export const switchWorkspace = (workspaceId: string) =>
  settle(
    client.POST('/v1/workspaces/{workspace_id}/switch', { params: { path: { workspace_id: workspaceId } } }),
  )
export const getSettings = () => settle(client.GET('/v1/workspace/settings'))

export const listMembers = () => settle(client.GET('/v1/workspace/members'))
export const updateMember = (body: MemberUpdate) => settle(client.POST('/v1/workspace/members', { body }))
export const removeMember = (email: string) =>
  settle(client.DELETE('/v1/workspace/members', { body: { email } }))
export const transferOwnership = (email: string, confirmationText: string) =>
  settle(
    client.POST('/v1/workspace/transfer-ownership', {
      body: { email, confirm: true, confirmation_text: confirmationText },
    }),
  )

export const listInvites = () => settle(client.GET('/v1/workspace/invites'))
export const inviteMember = (body: InviteRequest) =>
  settle(client.POST('/v1/workspace/invites/add', { body }))
export const inviteBulk = (emails: string[], seatType: InviteRequest['seat_type']) =>
  settle(client.POST('/v1/workspace/invites/add-bulk', { body: { emails, seat_type: seatType } }))
export const revokeInvite = (email: string) =>
  settle(client.DELETE('/v1/workspace/invites', { body: { email } }))
export const previewInvite = (code: string) =>
  settle(client.GET('/v1/workspace/invites/{code}', { params: { path: { code } } }))
export const acceptInvite = (code: string) =>
  settle(client.POST('/v1/workspace/invites/{code}/accept', { params: { path: { code } } }))
export const declineInvite = (code: string) =>
  settle(client.POST('/v1/workspace/invites/{code}/decline', { params: { path: { code } } }))

const groupPath = (id: string) => ({ params: { path: { group_id: id } } })
export const listGroups = () => settle(client.GET('/v1/workspace/groups'))
export const createGroup = (name: string) => settle(client.POST('/v1/workspace/groups', { body: { name } }))
export const updateGroup = (id: string, body: RequestJson<'/v1/workspace/groups/{group_id}', 'patch'>) =>
  settle(client.PATCH('/v1/workspace/groups/{group_id}', { ...groupPath(id), body }))
export const deleteGroup = (id: string) =>
  settle(client.DELETE('/v1/workspace/groups/{group_id}', groupPath(id)))
export const addGroupMember = (id: string, email: string) =>
  settle(client.POST('/v1/workspace/groups/{group_id}/members', { ...groupPath(id), body: { email } }))
export const removeGroupMember = (id: string, email: string) =>
  settle(client.POST('/v1/workspace/groups/{group_id}/members/remove', { ...groupPath(id), body: { email } }))

const accountPath = (id: string) => ({ params: { path: { service_account_user_id: id } } })
export const listServiceAccounts = () => settle(client.GET('/v1/service-accounts'))
export const createServiceAccount = (name: string) =>
  settle(client.POST('/v1/service-accounts', { body: { name } }))
export const deleteServiceAccount = (id: string) =>
  settle(client.DELETE('/v1/service-accounts/{service_account_user_id}', accountPath(id)))
export const createServiceAccountKey = (id: string, name: string) =>
  settle(
    client.POST('/v1/service-accounts/{service_account_user_id}/api-keys', {
      ...accountPath(id),
      body: { name, permissions: 'all' },
    }),
  )
export const deleteServiceAccountKey = (id: string, keyId: string) =>
  settle(
    client.DELETE('/v1/service-accounts/{service_account_user_id}/api-keys/{api_key_id}', {
      params: { path: { service_account_user_id: id, api_key_id: keyId } },
    }),
  )

export const listWorkspaceKeys = () => settle(client.GET('/v1/workspace/api-keys'))
export const disableWorkspaceKeys = (keyIds: string[]) =>
  settle(client.POST('/v1/workspace/api-keys/disable', { body: { key_ids: keyIds } }))

const hookPath = (id: string) => ({ params: { path: { webhook_id: id } } })
export const listWebhooks = () =>
  settle(client.GET('/v1/workspace/webhooks', { params: { query: { include_usages: 'true' } } }))
export const createWebhook = (settings: CreateWebhook) =>
  settle(client.POST('/v1/workspace/webhooks', { body: { settings } }))
export const updateWebhook = (
  id: string,
  body: RequestJson<'/v1/workspace/webhooks/{webhook_id}', 'patch'>,
) => settle(client.PATCH('/v1/workspace/webhooks/{webhook_id}', { ...hookPath(id), body }))
export const deleteWebhook = (id: string) =>
  settle(client.DELETE('/v1/workspace/webhooks/{webhook_id}', hookPath(id)))
export const testWebhook = (id: string) =>
  settle(client.POST('/v1/workspace/webhooks/{webhook_id}/test', hookPath(id)))
export const listDeliveries = (id: string) =>
  settle(client.GET('/v1/workspace/webhooks/{webhook_id}/deliveries', hookPath(id)))

export const listConnections = () => settle(client.GET('/v1/workspace/auth-connections'))
export const createConnection = (body: CreateConnection) =>
  settle(client.POST('/v1/workspace/auth-connections', { body }))
export const deleteConnection = (id: string) =>
  settle(
    client.DELETE('/v1/workspace/auth-connections/{auth_connection_id}', {
      params: { path: { auth_connection_id: id } },
    }),
  )

const secretPath = (id: string) => ({ params: { path: { secret_id: id } } })
export const listSecrets = () => settle(client.GET('/v1/convai/secrets'))
export const createSecret = (body: SecretInput) => settle(client.POST('/v1/convai/secrets', { body }))
export const updateSecret = (id: string, body: SecretInput) =>
  settle(client.PATCH('/v1/convai/secrets/{secret_id}', { ...secretPath(id), body }))
export const deleteSecret = (id: string) =>
  settle(client.DELETE('/v1/convai/secrets/{secret_id}', secretPath(id)))
