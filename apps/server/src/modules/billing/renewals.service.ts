import { billingCurrency } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { leased } from './change-lease.js'
import { PAST_DUE_GRACE_MS } from './credit-periods.js'
import { BATCH, MAX_STEPS_PER_RUN, type RenewalDeps } from './renewal-deps.js'
import { resetCredits, step } from './renewal-steps.js'
import { reportPendingUsage } from './usage-reporting.js'
import { invoiceThreshold } from './usage-threshold.js'

/**
 * Credits over time and the renewals the local provider makes. Run by the scheduled billing job
 * with the time it runs at; every step is one transaction on the locked subscription row and
 * every charge has a key made of the workspace and the boundary, so a job that runs twice (or
 * two workers at once) charges once.
 *
 * At each boundary, in this order:
 * 1. a grant that has ended (its months are over or its credits used) moves to the
 *    subscription chosen for after it (charged to the card on file) or to free;
 * 2. a past-due subscription whose grace has run out returns to free;
 * 3. the end of a paid period renewed by us: a scheduled cancellation or downgrade takes effect,
 *    then the next period is charged; a declined card leaves the renewal invoice open and the
 *    subscription past_due (its credits are not renewed until the invoice is paid);
 * 4. the monthly credit reset: usage above the credits is invoiced, unused credits roll over.
 * Between boundaries, usage above the credits is invoiced early once it reaches the plan's
 * billing threshold.
 */
export function createRenewalsService(deps: RenewalDeps) {
  const { subscriptions, payments, provider } = deps

  async function renewWorkspace(workspaceId: string, now: Date): Promise<number> {
    return payments.transaction(async (trx) => {
      let row = await subscriptions.lockForChange(trx, workspaceId)
      // A plan change is being made at the provider: this workspace waits for the next run.
      if (row && leased(row)) return 0
      let steps = 0
      while (row && steps < MAX_STEPS_PER_RUN) {
        const next = await step(deps, trx, row, now)
        if (!next) break
        row = next
        steps += 1
      }
      return steps
    })
  }

  return {
    renewWorkspace,
    reportPendingUsage: (now: Date) => reportPendingUsage(deps, now),

    /** Everything due at `now`, in batches; returns the number of steps taken. */
    async runDue(now: Date): Promise<number> {
      let total = 0
      const seen = new Set<string>()
      for (;;) {
        const graceStart = new Date(now.getTime() - PAST_DUE_GRACE_MS)
        const due = (await subscriptions.dueWorkspaces(now, graceStart, BATCH)).filter((id) => !seen.has(id))
        if (due.length === 0) {
          for (const id of await subscriptions.overUsage(BATCH))
            if (await invoiceThreshold(deps, id, now)) total += 1
          return total + (await reportPendingUsage(deps, now))
        }
        for (const id of due) {
          seen.add(id)
          total += await renewWorkspace(id, now)
        }
      }
    },

    /**
     * Pays what is owed with the card now on file: every open invoice, oldest first. When all
     * are paid a past-due subscription is active again and gets the credits it was owed.
     */
    async payOpenInvoices(workspaceId: string, now: Date) {
      return payments.transaction(async (trx) => {
        const row = await subscriptions.lockForChange(trx, workspaceId)
        if (!row) throw new AppError('no_subscription')
        const open = await payments.openInvoices(workspaceId, trx)
        const card = await payments.findCard(workspaceId, trx)
        for (const invoice of open) {
          const result = await provider.chargeCardOnFile({
            amountCents: invoice.amount_cents,
            currency: billingCurrency(invoice.currency),
            idempotencyKey: invoice.idempotency_key,
            card,
          })
          await payments.markPaid(trx, invoice.id, result.reference, now)
        }
        if (row.status !== 'past_due') return row
        const active = await subscriptions.update(trx, workspaceId, { status: 'active' })
        return resetCredits(deps, trx, active, now)
      })
    },
  }
}

export { REPORT_RESEND_WINDOW_MS } from './renewal-deps.js'
export type RenewalsService = ReturnType<typeof createRenewalsService>
