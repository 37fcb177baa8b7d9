import { AuthConnectionsPage } from './auth-connections-page'
import { GroupsPage } from './groups-page'
import { InvitePage } from './invite-page'
import { InvitesPage } from './invites-page'
import { MembersPage } from './members-page'
import { SecretsPage } from './secrets-page'
import { ServiceAccountsPage } from './service-accounts-page'
import { WorkspaceSettingsLayout } from './settings-layout'
import { WebhooksPage } from './webhooks-page'
import { WorkspaceKeysPage } from './workspace-keys-page'

/** The workspace pages, loaded as one chunk on demand. */
export const WORKSPACE_PAGES = {
  layout: WorkspaceSettingsLayout,
  invite: InvitePage,
  members: MembersPage,
  groups: GroupsPage,
  secrets: SecretsPage,
  authConnections: AuthConnectionsPage,
  invites: InvitesPage,
  serviceAccounts: ServiceAccountsPage,
  userApiKeys: WorkspaceKeysPage,
  webhooks: WebhooksPage,
}
