import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/database.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { FileStorage } from '../../lib/storage.js'
import { startHeldJobs } from '../../platform/jobs/held-run-runner.js'
import type { OutboundPolicy } from '../../platform/outbound/outbound.js'
import type { SiteAddress } from '../../plugins/site-address.js'
import type { BillingPorts } from '../billing/billing.module.js'
import type { CreditsPorts } from '../credits/credits.module.js'
import type { DomainModule } from '../domain-module.js'
import type { SpeechToTextPorts } from '../speech-to-text/speech-to-text.module.js'
import { createClaimsRepository } from './claims.repository.js'
import { customerRoutes } from './customer.routes.js'
import { defineMachineTranscriptJob } from './machine-transcript.job.js'
import { createMachineTranscriptsRepository } from './machine-transcripts.repository.js'
import { createMediaFetcher } from './media-url.js'
import { createOrdersRepository } from './orders.repository.js'
import { ORDER_PRODUCT } from './pay-checkout.use-case.js'
import { applyCheckoutPaid } from './pay-order.use-case.js'
import { createProducersRepository } from './producers.repository.js'
import { producerRoutes } from './producers.routes.js'
import { createCustomerService, createProducerService } from './productions.service.js'
import type { ProductionsDeps } from './productions-deps.js'
import { publicOrdersRoutes } from './public-orders.routes.js'
import { createSignedLinks } from './signed-links.js'
import { createTeamsRepository } from './teams.repository.js'
import { teamRoutes } from './teams.routes.js'

/** Every minute: overdue claims are revoked and unpaid orders cancelled within a minute. */
const DEADLINES_CRON = '* * * * *'
/** How often the worker looks for machine transcripts whose run died. */
const RECOVERY_SWEEP_MS = 15_000

/**
 * The Productions marketplace: customers order human-edited transcripts, captions, subtitles and
 * dubs, producers apply, claim and edit them in the transcript editor, administrators review.
 */
export function createProductionsModule(deps: {
  db: Database
  storage: FileStorage
  site: SiteAddress
  stt: Pick<SpeechToTextPorts, 'transcripts' | 'machineTranscript'>
  queue: JobQueue
  credits: CreditsPorts
  billing: Pick<BillingPorts, 'plan' | 'purchases'>
  secretKey: string
  admins: readonly string[]
  /** The rules media_url downloads follow. */
  outbound: OutboundPolicy
  now?: () => Date
  log?: (message: string, details: object) => void
}): DomainModule {
  const now = deps.now ?? (() => new Date())
  const productions: ProductionsDeps = {
    orders: createOrdersRepository(deps.db),
    claims: createClaimsRepository(deps.db),
    producers: createProducersRepository(deps.db),
    teams: createTeamsRepository(deps.db),
    machine: createMachineTranscriptsRepository(deps.db),
    queue: deps.queue,
    storage: deps.storage,
    fetchMedia: createMediaFetcher(deps.outbound),
    transcripts: deps.stt.transcripts,
    credits: deps.credits,
    plan: deps.billing.plan,
    purchases: deps.billing.purchases,
    admins: deps.admins,
    now,
  }
  const machineTranscripts = defineMachineTranscriptJob({
    machine: productions.machine,
    orders: productions.orders,
    storage: deps.storage,
    queue: deps.queue,
    transcribe: deps.stt.machineTranscript,
    log: deps.log,
  })
  let stopRecovery = () => {}
  const links = createSignedLinks(deps.secretKey, now)
  // A card payment on an order's checkout page puts the order to work once billing records it.
  deps.billing.purchases.settled.subscribe(async (settled) => {
    if (settled.product === ORDER_PRODUCT && settled.status === 'complete')
      await applyCheckoutPaid(productions, settled.reference, settled.purchaseId)
  })
  const producers = createProducerService(productions)
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(customerRoutes(createCustomerService(productions), deps.site))
    await app.register(publicOrdersRoutes(productions, links, deps.site))
    await app.register(producerRoutes(producers, productions))
    await app.register(teamRoutes(producers))
  }
  return {
    name: 'productions',
    routes,
    jobs: async (queue) => {
      await queue.work('productions.deadlines', async () => {
        await producers.sweepDeadlines()
      })
      await queue.schedule('productions.deadlines', DEADLINES_CRON, {})
      stopRecovery = await startHeldJobs(queue, [machineTranscripts], {
        sweepMs: RECOVERY_SWEEP_MS,
        log: deps.log,
      })
    },
    stop: async () => {
      stopRecovery()
    },
    ports: {},
  }
}
