import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/database.js'
import type { FileStorage } from '../../lib/storage.js'
import type { SiteAddress } from '../../plugins/site-address.js'
import type { BillingPorts } from '../billing/billing.module.js'
import type { CreditsPorts } from '../credits/credits.module.js'
import type { DomainModule } from '../domain-module.js'
import type { SpeechToTextPorts } from '../speech-to-text/speech-to-text.module.js'
import { createClaimsRepository } from './claims.repository.js'
import { customerRoutes } from './customer.routes.js'
import { createOrdersRepository } from './orders.repository.js'
import { createProducersRepository } from './producers.repository.js'
import { producerRoutes } from './producers.routes.js'
import { createCustomerService, createProducerService } from './productions.service.js'
import type { ProductionsDeps } from './productions-deps.js'
import { publicOrdersRoutes } from './public-orders.routes.js'
import { createSignedLinks } from './signed-links.js'

/** Every minute: overdue claims are revoked and unpaid orders cancelled within a minute. */
const DEADLINES_CRON = '* * * * *'

/**
 * The Productions marketplace: customers order human-edited transcripts, captions, subtitles and
 * dubs, producers apply, claim and edit them in the transcript editor, administrators review.
 */
export function createProductionsModule(deps: {
  db: Database
  storage: FileStorage
  site: SiteAddress
  stt: Pick<SpeechToTextPorts, 'transcripts'>
  credits: CreditsPorts
  billing: Pick<BillingPorts, 'plan'>
  secretKey: string
  admins: readonly string[]
  now?: () => Date
}): DomainModule {
  const now = deps.now ?? (() => new Date())
  const productions: ProductionsDeps = {
    orders: createOrdersRepository(deps.db),
    claims: createClaimsRepository(deps.db),
    producers: createProducersRepository(deps.db),
    storage: deps.storage,
    transcripts: deps.stt.transcripts,
    credits: deps.credits,
    plan: deps.billing.plan,
    admins: deps.admins,
    now,
  }
  const links = createSignedLinks(deps.secretKey, now)
  const producers = createProducerService(productions)
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(customerRoutes(createCustomerService(productions)))
    await app.register(publicOrdersRoutes(productions, links, deps.site))
    await app.register(producerRoutes(producers, productions))
  }
  return {
    name: 'productions',
    routes,
    jobs: async (queue) => {
      await queue.work('productions.deadlines', async () => {
        await producers.sweepDeadlines()
      })
      await queue.schedule('productions.deadlines', DEADLINES_CRON, {})
    },
    ports: {},
  }
}
