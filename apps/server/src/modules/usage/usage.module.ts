import type { CreditsPorts } from '../credits/credits.module.js'
import type { DomainModule } from '../domain-module.js'
import { usageRoutes } from './usage.routes.js'
import { createUsageService } from './usage.service.js'

/** Usage statistics of the public API, read from the credit ledger through the credits port. */
export function createUsageModule(deps: { credits: Pick<CreditsPorts, 'usage'> }): DomainModule {
  const usage = createUsageService({ usage: deps.credits.usage })
  return { name: 'usage', routes: usageRoutes(usage), ports: {} }
}
