import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/database.js'
import type { PrincipalResolver } from '../../plugins/auth.js'
import type { SiteAddress } from '../../plugins/site-address.js'
import type { ApiKeyLookup } from '../api-keys/api-keys.module.js'
import type { SubscriptionRow } from '../billing/billing.module.js'
import type { DomainModule } from '../domain-module.js'
import type { MailService } from '../mail/mail.module.js'
import {
  type AccountConsent,
  createAccountConsent,
  createEmailAddresses,
  type EmailAddresses,
} from './account-consent.js'
import { createAccountsRepository, type OnboardingFlags } from './accounts.repository.js'
import { authRoutes } from './auth.routes.js'
import {
  type AuthService,
  createAuthService,
  type FreeSubscriptionWriter,
  type SignUpHook,
} from './auth.service.js'
import { emailLinkRoutes } from './email-link.routes.js'
import { createPrincipalResolver } from './principal-resolver.js'
import { createProvisionedAccounts, type ProvisionedAccounts } from './provisioned-accounts.js'
import { resendVerification } from './resend-verification.js'
import { createSessionsRepository } from './sessions.repository.js'
import { createSignInPolicies, type SignInPolicies } from './sign-in-policies.js'
import { createSignUpRules, type SignUpRules } from './sign-up-rules.js'
import { createStaleRecordSweep, STALE_RECORD_SWEEP_MS } from './stale-records.js'
import type { SubscriptionBillingFields } from './subscription.view.js'
import { userRoutes } from './user.routes.js'
import { createUserService, type UserService } from './user.service.js'

export interface AccountsPorts {
  /** Who is calling: the auth plugin and WebSocket sessions resolve credentials through it. */
  principals: PrincipalResolver
  /** The workspace's subscription as the API shows it. */
  loadSubscription: UserService['loadSubscription']
  /** The onboarding flags on the user (and the first name the survey asks for). */
  setOnboardingFlags(userId: string, flags: OnboardingFlags): Promise<void>
  /** Rules single sign-on and two-factor add to password sign-in when they are built. */
  signInPolicies: SignInPolicies
  /** New tokens for a session after its workspace changed (the old access token stops working). */
  reissueSession: AuthService['reissue']
  /** A session for a user an identity provider signed in (held to its workspace), or the code owed. */
  startSsoSession: AuthService['startSsoSession']
  /** Accounts created on a first single sign-on (auto provisioning). */
  provisionedAccounts: ProvisionedAccounts
  /** Ends a session at once (the workspace's inactivity timeout). */
  endSession(sessionId: string): Promise<void>
  /** Rules other domains add to sign-up (the terms the visitor's location requires). */
  signUpRules: SignUpRules
  /** The consent flags on the account: biometric terms, CCPA opt-out, product updates. */
  accountConsent: AccountConsent
  /** Email addresses in use, and a user's change of address once proven. */
  emailAddresses: EmailAddresses
}

export type { AccountConsent, EmailAddresses } from './account-consent.js'
export type { FreeSubscriptionWriter, SecondFactor, SecondStepRequired, TokenPair } from './auth.service.js'
export type { SignInPolicies } from './sign-in-policies.js'
export type { SignUpAttempt, SignUpRule, SignUpRules } from './sign-up-rules.js'
export type { OnboardingFlags, SignUpHook }

/** Accounts: sign-up, sign-in, sessions, email-link codes, the user and the auth account. */
export function createAccountsModule(deps: {
  db: Database
  mail: MailService
  billing: FreeSubscriptionWriter & {
    subscription: (workspaceId: string) => Promise<SubscriptionRow>
    subscriptionBilling?: (row: SubscriptionRow) => Promise<SubscriptionBillingFields>
  }
  apiKeys: ApiKeyLookup
  site: SiteAddress
  secureCookies: boolean
  /** How many voice slots a workspace uses (owned by the voices domain). */
  voiceSlotsUsed: (workspaceId: string) => Promise<number>
  /** Voice additions and edits this month (the voices domain counts them). */
  voiceAddEdits?: (workspaceId: string) => Promise<number>
  log?: (message: string, details: object) => void
  /** Run inside the sign-up transaction (the welcome notification). */
  onSignUp?: SignUpHook
}): DomainModule<AccountsPorts> {
  const signIn = createSignInPolicies()
  const signUpRules = createSignUpRules()
  const accounts = createAccountsRepository(deps.db)
  const sessions = createSessionsRepository(deps.db)
  const auth = createAuthService({
    accounts,
    sessions,
    mail: deps.mail,
    billing: deps.billing,
    onSignUp: deps.onSignUp,
    passwordSignInAllowed: signIn.passwordSignInAllowed,
    secondFactor: signIn.secondFactor,
    signUpRules,
  })
  const users = createUserService({
    accounts,
    subscription: deps.billing.subscription,
    ...(deps.billing.subscriptionBilling ? { subscriptionBilling: deps.billing.subscriptionBilling } : {}),
    voiceSlotsUsed: deps.voiceSlotsUsed,
    ...(deps.voiceAddEdits ? { voiceAddEdits: deps.voiceAddEdits } : {}),
  })
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(authRoutes(auth, { secureCookies: deps.secureCookies, site: deps.site }))
    await app.register(
      emailLinkRoutes(auth, {
        site: deps.site,
        resend: (input) => resendVerification({ accounts, auth, now: () => new Date() }, input),
      }),
    )
    await app.register(userRoutes(users))
  }
  const sweepStale = createStaleRecordSweep({ accounts, sessions })
  let timer: NodeJS.Timeout | undefined
  const sweep = () =>
    sweepStale().catch((error: unknown) => deps.log?.('removing expired sessions failed', { err: error }))
  return {
    name: 'accounts',
    routes,
    start: () => {
      void sweep()
      timer = setInterval(sweep, STALE_RECORD_SWEEP_MS)
      timer.unref()
    },
    stop: () => clearInterval(timer),
    ports: {
      principals: createPrincipalResolver({ accounts, sessions, apiKeys: deps.apiKeys }),
      loadSubscription: users.loadSubscription,
      setOnboardingFlags: (userId, flags) => accounts.setOnboardingFlags(userId, flags),
      signInPolicies: signIn.policies,
      reissueSession: (sessionId) => auth.reissue(sessionId),
      startSsoSession: (userId, userAgent, workspaceId) =>
        auth.startSsoSession(userId, userAgent, workspaceId),
      provisionedAccounts: createProvisionedAccounts({
        accounts,
        billing: deps.billing,
        onSignUp: deps.onSignUp,
      }),
      endSession: async (sessionId) => {
        await sessions.delete(sessionId)
      },
      signUpRules: signUpRules.registry,
      accountConsent: createAccountConsent(accounts),
      emailAddresses: createEmailAddresses(accounts),
    },
  }
}
