import type { Database } from '../../db/database.js'
import type { Principal } from '../../plugins/auth.js'
import type { AccountsPorts } from '../accounts/accounts.module.js'
import type { ApiKeysPorts } from '../api-keys/api-keys.module.js'
import type { DomainModule } from '../domain-module.js'
import type { HistoryPorts } from '../history/history.module.js'
import type { NotificationsPorts } from '../notifications/notifications.module.js'
import type { VoicesPorts } from '../voices/voices.module.js'
import type { UserFacts } from './checklist-evidence.js'
import { createOnboardingRepository } from './onboarding.repository.js'
import { onboardingRoutes } from './onboarding.routes.js'
import { createOnboardingService } from './onboarding.service.js'

/** Onboarding: the survey after sign-up and the checklist of first steps, per user. */
export function createOnboardingModule(deps: {
  db: Database
  accounts: Pick<AccountsPorts, 'setOnboardingFlags'>
  history: Pick<HistoryPorts, 'sourcesOfUser'>
  voices: Pick<VoicesPorts, 'categoriesAddedBy'>
  apiKeys: Pick<ApiKeysPorts, 'countForUser'>
  notifications: NotificationsPorts
}): DomainModule {
  const repository = createOnboardingRepository(deps.db)
  const facts = async (principal: Principal): Promise<UserFacts> => {
    const [historySources, voiceCategories, apiKeyCount] = await Promise.all([
      deps.history.sourcesOfUser(principal.userId),
      deps.voices.categoriesAddedBy(principal.userId),
      deps.apiKeys.countForUser(principal.userId),
    ])
    return { historySources, voiceCategories, apiKeyCount }
  }
  const service = createOnboardingService({
    repository,
    facts,
    setFlags: deps.accounts.setOnboardingFlags,
    notify: deps.notifications.notify,
  })
  return { name: 'onboarding', routes: onboardingRoutes(service), ports: {} }
}
