import type { Tier } from '@timbre/contract'
import type { JobQueue } from '../../jobs/queue.js'
import type { SecretBox } from '../../lib/secret-box.js'
import type { CheckedFetch } from '../../platform/outbound/outbound.js'
import type { AgentCallTwiml, AgentInfoLookup } from '../agents/agents.module.js'
import type { BatchCallsRepository } from './batch-calls.repository.js'
import type { PhoneNumbersRepository } from './phone-numbers.repository.js'

/** What the telephony use cases share. */
export interface TelephonyDeps {
  numbers: PhoneNumbersRepository
  batches: BatchCallsRepository
  queue: JobQueue
  secrets: SecretBox
  agents: AgentInfoLookup
  /** The TwiML that connects an answered call to its agent. */
  callTwiml: AgentCallTwiml
  tierOf(workspaceId: string): Promise<Tier>
  /** Twilio's REST API base URL. */
  twilioApiUrl: string
  /** Calls to the telephony provider, under the outbound rules. */
  fetch: CheckedFetch
}
