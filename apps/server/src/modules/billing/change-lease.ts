import { randomUUID } from 'node:crypto'
import { AppError } from '../../errors.js'
import type { SubscriptionRow } from './billing.tables.js'
import type { SubscriptionsRepository } from './subscriptions.repository.js'

/**
 * Longer than the slowest provider call (two tries of 20 s) with room to apply its answer; a
 * lease whose process died runs out after this.
 */
export const CHANGE_LEASE_MS = 90_000
/** How long a second change waits for the first before it is told to try again. */
const WAIT_MS = 30_000
const POLL_MS = 100

/**
 * Plan changes call the payment provider, which may take seconds. Holding the subscription's
 * row lock that long would stall every other writer (on PGlite, the whole database). Instead a
 * change takes a lease on the subscription in one short statement, calls the provider with no
 * transaction open, and writes the outcome in a short transaction of its own. A second change
 * of the same subscription waits for the lease; the billing job skips a leased subscription
 * until the next run.
 */
export function createChangeLease(subscriptions: SubscriptionsRepository) {
  return async function withChangeLease<T>(
    workspaceId: string,
    work: (row: SubscriptionRow) => Promise<T>,
  ): Promise<T> {
    const token = randomUUID()
    const giveUp = Date.now() + WAIT_MS
    let row: SubscriptionRow | undefined
    for (;;) {
      const now = new Date()
      row = await subscriptions.takeChangeLease(
        workspaceId,
        token,
        new Date(now.getTime() + CHANGE_LEASE_MS),
        now,
      )
      if (row) break
      if (!(await subscriptions.exists(workspaceId))) throw new AppError('no_subscription')
      if (Date.now() > giveUp) throw new AppError('subscription_change_in_progress')
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
    try {
      return await work(row)
    } finally {
      await subscriptions.releaseChangeLease(workspaceId, token)
    }
  }
}

/** True while another change holds the subscription (the billing job leaves it for later). */
export function leased(row: SubscriptionRow, now = new Date()): boolean {
  return row.change_lease_until !== null && row.change_lease_until.getTime() > now.getTime()
}
