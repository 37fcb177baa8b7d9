import { PLAN_LIMITS } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/database.js'
import { createSecretBox } from '../../lib/secret-box.js'
import type { PrincipalResolver } from '../../plugins/auth.js'
import type { SiteAddress } from '../../plugins/site-address.js'
import type { FreeSubscriptionWriter } from '../accounts/accounts.module.js'
import type { ApiKeysService } from '../api-keys/api-keys.module.js'
import type { AuditLog } from '../audit/audit.module.js'
import { addOneMonth } from '../billing/billing.module.js'
import type { DomainModule } from '../domain-module.js'
import type { MailService } from '../mail/mail.module.js'
import { createGroupsRepository } from './groups/groups.repository.js'
import { groupsRoutes } from './groups/groups.routes.js'
import { createGroupsService } from './groups/groups.service.js'
import { invitesRoutes } from './invites.routes.js'
import { createInvitesService, type SessionReissuer } from './invites.service.js'
import { membersRoutes } from './members.routes.js'
import { createMembersService } from './members.service.js'
import { myWorkspacesRoutes } from './my-workspaces.routes.js'
import { createMemberProvisioning, type MemberProvisioning } from './provisioning.js'
import { createSecretsRepository } from './secrets/secrets.repository.js'
import { secretsRoutes } from './secrets/secrets.routes.js'
import { createSecretsService } from './secrets/secrets.service.js'
import { serviceAccountKeysRoutes } from './service-accounts/service-account-keys.routes.js'
import { createServiceAccountsRepository } from './service-accounts/service-accounts.repository.js'
import { serviceAccountsRoutes } from './service-accounts/service-accounts.routes.js'
import { createServiceAccountsService } from './service-accounts/service-accounts.service.js'
import { createWorkspaceAccess } from './workspace-access.js'
import { workspaceSettingsRoutes } from './workspace-settings.routes.js'
import { createWorkspacesRepository } from './workspaces.repository.js'

export interface WorkspacesPorts {
  /**
   * The accounts resolver completed with the caller's place in the workspace (role, group
   * permissions); the auth plugin and WebSocket sessions resolve callers through it.
   */
  principals: PrincipalResolver
  /** Membership for single sign-on: look-up and auto provisioning. */
  provisioning: MemberProvisioning
  /** Unseals a workspace secret for an outbound request that names it (agents' custom LLMs). */
  secretValue(workspaceId: string, secretId: string): Promise<string | null>
}

/**
 * Workspaces with members: invites, roles and seats, groups and permissions, service accounts
 * and secrets. Sharing single resources belongs to the resource-access domain below it.
 */
export function createWorkspacesModule(deps: {
  db: Database
  mail: MailService
  site: SiteAddress
  principals: PrincipalResolver
  reissueSession: SessionReissuer
  /** The workspace's plan tier (owned by billing): seats and bulk invites depend on it. */
  tierOf: (workspaceId: string) => Promise<string>
  /** Billing writes the free plan of a workspace created for someone left without one. */
  billing: FreeSubscriptionWriter
  /** Service accounts' keys are managed through the API-keys domain. */
  apiKeys: ApiKeysService
  /** Admin actions are recorded in the audit log. */
  audit?: AuditLog
  /** Seals workspace secrets at rest. */
  secretKey: string
}): DomainModule<WorkspacesPorts> {
  const audit = deps.audit
  const workspaces = createWorkspacesRepository(deps.db)
  const groups = createGroupsRepository(deps.db)
  const access = createWorkspaceAccess({ workspaces, groups })
  const members = createMembersService({
    workspaces,
    insertFreeSubscription: (trx, workspaceId) =>
      deps.billing.insertFreeSubscription(trx, {
        workspaceId,
        characterLimit: PLAN_LIMITS.free.characterLimit,
        nextResetAt: addOneMonth(new Date()),
      }),
    audit,
  })
  const invites = createInvitesService({
    workspaces,
    groups,
    mail: deps.mail,
    tierOf: deps.tierOf,
    reissue: deps.reissueSession,
    audit,
  })
  const groupsService = createGroupsService({ groups, workspaces, audit })
  const secrets = createSecretsService({
    repo: createSecretsRepository(deps.db),
    box: createSecretBox(deps.secretKey, 'workspace-secrets'),
    audit,
  })
  const serviceAccounts = createServiceAccountsService({
    accounts: createServiceAccountsRepository(deps.db),
    keys: deps.apiKeys,
    tierOf: deps.tierOf,
    audit,
  })
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(membersRoutes(members))
    await app.register(workspaceSettingsRoutes(members))
    await app.register(myWorkspacesRoutes(members))
    await app.register(invitesRoutes(invites, deps.site))
    await app.register(groupsRoutes(groupsService))
    await app.register(serviceAccountsRoutes(serviceAccounts))
    await app.register(serviceAccountKeysRoutes(serviceAccounts))
    await app.register(secretsRoutes(secrets))
  }
  return {
    name: 'workspaces',
    routes,
    ports: {
      principals: access.wrap(deps.principals),
      provisioning: createMemberProvisioning({ workspaces, tierOf: deps.tierOf }),
      secretValue: (workspaceId, secretId) => secrets.valueOf(workspaceId, secretId),
    },
  }
}
