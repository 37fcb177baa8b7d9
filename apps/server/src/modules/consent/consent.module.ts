import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/database.js'
import type { SiteAddress } from '../../plugins/site-address.js'
import type { AccountsPorts } from '../accounts/accounts.module.js'
import type { DomainModule } from '../domain-module.js'
import type { MailService } from '../mail/mail.module.js'
import type { VoicesPorts } from '../voices/voices.module.js'
import { createConsentRepository } from './consent.repository.js'
import { accountPrivacyRoutes, consentRoutes } from './consent.routes.js'
import { createConsentService } from './consent.service.js'
import { consentOperatorRoutes } from './consent-operator.routes.js'
import { createEmailChangesRepository } from './email-changes.repository.js'
import { signUpTermsRule } from './location-rules.js'

export { locateAddress } from './geo-locator.js'

/**
 * Consent and privacy: the terms a location requires at sign-up, the biometric terms before
 * voice cloning, the CCPA opt-out (and the Global Privacy Control), updated terms, the
 * workspace's training opt-out, email change, the public name and alpha access. It adds its
 * rules to sign-up and to voice cloning through the hooks those domains expose.
 */
export interface ConsentPorts {
  /** The name a user shares under (shared songs and links); null when none is set. */
  publicName(userId: string): Promise<string | null>
}

export function createConsentModule(deps: {
  db: Database
  site: SiteAddress
  mail: MailService
  accounts: Pick<AccountsPorts, 'signUpRules' | 'accountConsent' | 'emailAddresses'>
  voices: Pick<VoicesPorts, 'cloneGuards'>
  tierOf: (workspaceId: string) => Promise<string>
  operatorToken?: string | null
  now?: () => Date
}): DomainModule<ConsentPorts> {
  const now = deps.now ?? (() => new Date())
  const repository = createConsentRepository(deps.db)
  const service = createConsentService({
    repository,
    emailChanges: createEmailChangesRepository(deps.db),
    accountConsent: deps.accounts.accountConsent,
    emailAddresses: deps.accounts.emailAddresses,
    mail: deps.mail,
    tierOf: deps.tierOf,
    now,
  })
  deps.accounts.signUpRules.add(signUpTermsRule({ repository, now }))
  deps.voices.cloneGuards.add((caller) => service.requireBipaTerms(caller))
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(consentRoutes(service))
    await app.register(accountPrivacyRoutes(service, deps.site))
    if (deps.operatorToken) await app.register(consentOperatorRoutes(service, deps.operatorToken))
  }
  return { name: 'consent', routes, ports: { publicName: (userId) => repository.publicName(userId) } }
}
