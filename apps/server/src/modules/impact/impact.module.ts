import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/database.js'
import type { BillingPorts } from '../billing/billing.module.js'
import type { DomainModule } from '../domain-module.js'
import { createImpactRepository } from './impact.repository.js'
import { impactOperatorRoutes, impactRoutes } from './impact.routes.js'
import { createImpactService } from './impact.service.js'

/**
 * The impact program: partners the operator lists, applications users send them, and the
 * partners' reviews. An approval grants the partner's benefit through billing's grant offers.
 */
export function createImpactModule(deps: {
  db: Database
  billing: Pick<BillingPorts, 'issueGrantOffer'>
  operatorToken?: string | null
  now?: () => Date
}): DomainModule {
  const service = createImpactService({
    repository: createImpactRepository(deps.db),
    issueGrantOffer: deps.billing.issueGrantOffer,
    now: deps.now ?? (() => new Date()),
  })
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(impactRoutes(service))
    if (deps.operatorToken) await app.register(impactOperatorRoutes(service, deps.operatorToken))
  }
  return { name: 'impact', routes, ports: {} }
}
