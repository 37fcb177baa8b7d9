import type { JobQueue } from '../../jobs/queue.js'
import type { FileStorage } from '../../lib/storage.js'
import type { BillingPorts } from '../billing/billing.module.js'
import type { CreditsPorts } from '../credits/credits.module.js'
import type { TranscriptCopies } from '../speech-to-text/speech-to-text.module.js'
import type { ClaimsRepository } from './claims.repository.js'
import type { MachineTranscriptsRepository } from './machine-transcripts.repository.js'
import type { MediaFetcher } from './media-url.js'
import type { OrdersRepository } from './orders.repository.js'
import type { ProducersRepository } from './producers.repository.js'
import type { TeamsRepository } from './teams.repository.js'

export interface ProductionsDeps {
  orders: OrdersRepository
  claims: ClaimsRepository
  producers: ProducersRepository
  teams: TeamsRepository
  /** File orders' machine transcripts, queued when the order is paid. */
  machine: MachineTranscriptsRepository
  queue: Pick<JobQueue, 'send'>
  /** Media ordered by address (media_url), fetched under the outbound rules. */
  fetchMedia: MediaFetcher
  /** Uploaded media and applicants' videos and CVs. */
  storage: FileStorage
  /** Stored transcripts (speech to text): summaries, working copies, files. */
  transcripts: TranscriptCopies
  /** The credit ledger: an order paid with credits is charged exactly once. */
  credits: Pick<CreditsPorts, 'reserve' | 'settle' | 'release' | 'transaction'>
  plan: BillingPorts['plan']
  /** Card payments on the checkout page: opened per order, their state read back. */
  purchases: Pick<BillingPorts['purchases'], 'open' | 'state'>
  /** Productions administrators' emails, lower-cased. */
  admins: readonly string[]
  now(): Date
}
