import type { Tier } from '@timbre/contract'
import type { JobQueue } from '../../jobs/queue.js'
import type { SecretBox } from '../../lib/secret-box.js'
import type { CheckedFetch, OutboundPolicy } from '../../platform/outbound/outbound.js'
import type { AgentCallTwiml, AgentInfoLookup, AgentPhoneLine } from '../agents/agents.module.js'
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
  /** The outbound rules SIP trunks and their media addresses are checked under. */
  outbound: OutboundPolicy
  /** Connects an answered SIP call's audio to a live conversation of its agent. */
  phoneLine: AgentPhoneLine
  sip: SipSettings
}

/** How SIP trunk calls are placed. */
export interface SipSettings {
  /** The address trunks reach this server at (behind NAT); else the local address towards the trunk. */
  publicAddress: string | null
  /** A trunk silent this long (not even 100 Trying) is unreachable. */
  answerTimeoutMs: number
  /** A callee who does not pick up within this is given up on. */
  ringTimeoutMs: number
}
