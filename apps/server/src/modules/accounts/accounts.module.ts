import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/database.js'
import type { SubscriptionRow } from '../../db/schema.js'
import type { PrincipalResolver } from '../../plugins/auth.js'
import type { SiteAddress } from '../../plugins/site-address.js'
import type { ApiKeyLookup } from '../api-keys/api-keys.module.js'
import type { DomainModule } from '../domain-module.js'
import type { MailService } from '../mail/mail.service.js'
import { createAccountsRepository } from './accounts.repository.js'
import { authRoutes } from './auth.routes.js'
import { type AuthService, createAuthService, type FreeSubscriptionWriter } from './auth.service.js'
import { emailLinkRoutes } from './email-link.routes.js'
import { createPrincipalResolver } from './principal-resolver.js'
import { createSessionsRepository } from './sessions.repository.js'
import { userRoutes } from './user.routes.js'
import { createUserService, type UserService } from './user.service.js'

export interface AccountsPorts {
  /** Who is calling: the auth plugin and WebSocket sessions resolve credentials through it. */
  principals: PrincipalResolver
  /** The workspace's subscription as the API shows it. */
  loadSubscription: UserService['loadSubscription']
  /** New tokens for a session after its workspace changed (the old access token stops working). */
  reissueSession: AuthService['reissue']
}

/** Accounts: sign-up, sign-in, sessions, email-link codes, the user and the auth account. */
export function createAccountsModule(deps: {
  db: Database
  mail: MailService
  billing: FreeSubscriptionWriter & { subscription: (workspaceId: string) => Promise<SubscriptionRow> }
  apiKeys: ApiKeyLookup
  site: SiteAddress
  secureCookies: boolean
  /** How many voice slots a workspace uses (owned by the voices domain). */
  voiceSlotsUsed: (workspaceId: string) => Promise<number>
}): DomainModule<AccountsPorts> {
  const accounts = createAccountsRepository(deps.db)
  const sessions = createSessionsRepository(deps.db)
  const auth = createAuthService({ accounts, sessions, mail: deps.mail, billing: deps.billing })
  const users = createUserService({
    accounts,
    subscription: deps.billing.subscription,
    voiceSlotsUsed: deps.voiceSlotsUsed,
  })
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(authRoutes(auth, { secureCookies: deps.secureCookies, site: deps.site }))
    await app.register(emailLinkRoutes(auth, { site: deps.site }))
    await app.register(userRoutes(users))
  }
  return {
    name: 'accounts',
    routes,
    ports: {
      principals: createPrincipalResolver({ accounts, sessions, apiKeys: deps.apiKeys }),
      loadSubscription: users.loadSubscription,
      reissueSession: (sessionId) => auth.reissue(sessionId),
    },
  }
}
