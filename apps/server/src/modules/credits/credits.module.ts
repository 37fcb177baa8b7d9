import type { Database } from '../../db/database.js'
import { newId } from '../../lib/ids.js'
import type { BillingPorts } from '../billing/billing.module.js'
import type { ConcurrencySlots } from '../concurrency/concurrency.module.js'
import type { DomainModule } from '../domain-module.js'
import { type CreditUsageRepository, createCreditUsageRepository } from './credit-usage.repository.js'
import { createCreditsRepository } from './credits.repository.js'
import { type CreditsService, createCreditsService } from './credits.service.js'

export type CreditsPorts = CreditsService & {
  /** Charged credits over time, for the usage statistics. */
  usage: Pick<CreditUsageRepository, 'charged'>
}
export type { UsageGroup, UsageQuery, UsageRow } from './credit-usage.repository.js'
export type { ExpiredReservation, Reservation } from './credits.repository.js'
export type { CreditsService } from './credits.service.js'
/** The pricing rules every metered domain applies the same way. */
export { countCharacters, creditCost, deliveredCharge } from './credits.service.js'

/**
 * The credit ledger: reservations under a lease of this process, settlements, concurrency
 * slots. `start()` keeps the leases of this process's open reservations alive; when the
 * process dies they run out and the recording module's sweeper settles them.
 */
export function createCreditsModule(deps: {
  db: Database
  billing: BillingPorts
  /** Concurrency slots shared by every replica. */
  slots: ConcurrencySlots
  leaseSeconds: number
  /** This process (default: a fresh id per process). */
  instanceId?: string
}): DomainModule<CreditsPorts> {
  const credits = createCreditsService({
    repository: createCreditsRepository(deps.db, deps.billing.subscriptions),
    limiter: deps.slots,
    ownerId: deps.instanceId ?? newId(),
    leaseSeconds: deps.leaseSeconds,
  })
  let timer: NodeJS.Timeout | undefined
  return {
    name: 'credits',
    ports: { ...credits, usage: createCreditUsageRepository(deps.db) },
    // Renewed three times per lease, so one late beat never lets a live lease run out.
    start() {
      timer = setInterval(
        () => {
          credits.renewLeases().catch(() => undefined)
        },
        (deps.leaseSeconds * 1000) / 3,
      )
      timer.unref()
    },
    stop() {
      clearInterval(timer)
    },
  }
}
