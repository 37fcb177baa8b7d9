import type { Tier } from '@timbre/contract'
import type { Database } from '../../db/database.js'
import type { JobQueue } from '../../jobs/queue.js'
import { createSecretBox } from '../../lib/secret-box.js'
import { startHeldJobs } from '../../platform/jobs/held-run-runner.js'
import {
  createCheckedFetch,
  type OutboundErrors,
  type OutboundPolicy,
} from '../../platform/outbound/outbound.js'
import type { AgentCallTwiml, AgentInfoLookup, AgentPhoneLine } from '../agents/agents.module.js'
import type { DomainModule } from '../domain-module.js'
import { createBatchCallsRepository } from './batch-calls.repository.js'
import { batchCallsRoutes } from './batch-calls.routes.js'
import { createBatchDispatchJob } from './batch-dispatcher.js'
import { createPhoneNumbersRepository } from './phone-numbers.repository.js'
import { phoneNumbersRoutes } from './phone-numbers.routes.js'
import type { SipSettings, TelephonyDeps } from './telephony.deps.js'
import { createTelephonyService } from './telephony.service.js'

/** Where jobs run, how often held batches whose worker died are handed on, and scheduled ones queued. */
const SWEEP_MS = 5_000
/** A trunk that does not even say 100 Trying in this long is unreachable; a callee rings for a minute. */
const SIP_ANSWER_TIMEOUT_MS = 8_000
const SIP_RING_TIMEOUT_MS = 60_000
const TELEPHONY_URL_ERRORS: OutboundErrors = {
  invalid: 'telephony_url_invalid',
  refused: 'telephony_url_refused',
  unresolved: 'telephony_url_unresolved',
}

/**
 * Telephony: phone numbers (Twilio and SIP trunks), outbound calls through Twilio's REST API or
 * a SIP trunk (this server's own SIP user agent and RTP),
 * and batch calls dispatched as a held job within the plan's concurrency.
 */
export function createTelephonyModule(deps: {
  db: Database
  queue: JobQueue
  secretKey: string
  agents: AgentInfoLookup
  callTwiml: AgentCallTwiml
  phoneLine: AgentPhoneLine
  sip?: Partial<SipSettings>
  tierOf(workspaceId: string): Promise<Tier>
  twilioApiUrl: string
  outbound: OutboundPolicy
  log?: (message: string, details: object) => void
}): DomainModule<Record<string, never>> {
  const shared: TelephonyDeps = {
    numbers: createPhoneNumbersRepository(deps.db),
    batches: createBatchCallsRepository(deps.db),
    queue: deps.queue,
    secrets: createSecretBox(deps.secretKey, 'telephony'),
    agents: deps.agents,
    callTwiml: deps.callTwiml,
    tierOf: deps.tierOf,
    twilioApiUrl: deps.twilioApiUrl,
    fetch: createCheckedFetch(deps.outbound, TELEPHONY_URL_ERRORS, 15_000),
    outbound: deps.outbound,
    phoneLine: deps.phoneLine,
    sip: {
      publicAddress: deps.sip?.publicAddress ?? null,
      answerTimeoutMs: deps.sip?.answerTimeoutMs ?? SIP_ANSWER_TIMEOUT_MS,
      ringTimeoutMs: deps.sip?.ringTimeoutMs ?? SIP_RING_TIMEOUT_MS,
    },
  }
  const service = createTelephonyService(shared)
  const job = createBatchDispatchJob(shared, deps.log)
  let stop: () => void = () => undefined
  return {
    name: 'telephony',
    jobs: async (queue) => {
      const stopRecovery = await startHeldJobs(queue, [job], { sweepMs: SWEEP_MS, log: deps.log })
      const timer = setInterval(() => {
        shared.batches
          .queueDue(new Date(), (trx, id) => queue.send('batch-calling.dispatch', { batchId: id }, { trx }))
          .catch((error: unknown) => deps.log?.('scheduled batch calls could not be queued', { err: error }))
      }, SWEEP_MS)
      timer.unref()
      stop = () => {
        stopRecovery()
        clearInterval(timer)
      }
    },
    stop: () => stop(),
    routes: async (app) => {
      await app.register(phoneNumbersRoutes(service))
      await app.register(batchCallsRoutes(service))
    },
    ports: {},
  }
}
