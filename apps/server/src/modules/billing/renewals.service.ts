import { randomUUID } from 'node:crypto'
import {
  type BillingPeriod,
  billingCurrency,
  type Currency,
  isGrantTier,
  PAID_PURCHASABLE_TIERS,
  type PaidPurchasableTier,
  PLANS,
  periodPrice,
} from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { SubscriptionRow } from './billing.tables.js'
import { leased } from './change-lease.js'
import { paidActivationPatch } from './checkout.service.js'
import {
  creditResetPatch,
  freePlanPatch,
  nextMonthlyBoundary,
  PAST_DUE_GRACE_MS,
  paidPeriodEnd,
  rollOver,
} from './credit-periods.js'
import type { PaymentProvider } from './payment-provider.js'
import type { PaymentsRepository } from './payments.repository.js'
import { tierOf } from './plan-rules.js'
import { billingPeriodOf, discounted, unbilledOverage } from './subscription-state.js'
import type { SubscriptionsRepository } from './subscriptions.repository.js'
import type { UsageReportsRepository } from './usage-reports.repository.js'

interface Deps {
  subscriptions: SubscriptionsRepository
  payments: PaymentsRepository
  usageReports: UsageReportsRepository
  provider: PaymentProvider
  log?: (message: string) => void
}

/** A worker that claimed a usage report has this long to send it before another may. */
const REPORT_LEASE_MS = 2 * 60 * 1000
/** A failed report is tried again after this long (the job runs every minute). */
const REPORT_RETRY_MS = 60 * 1000
/**
 * A report is re-sent with its identifier only while the provider still recognises it (Stripe
 * keeps meter-event identifiers and idempotency keys for at least 24 hours). Past this window
 * a report that may have arrived is never sent again: it waits for an operator instead, since
 * sending it twice could charge twice.
 */
export const REPORT_RESEND_WINDOW_MS = 20 * 60 * 60 * 1000

/** A workspace never has more than this many boundaries caught up in one run (two years). */
const MAX_STEPS_PER_RUN = 24
const BATCH = 100

const isPaidPurchasable = (tier: string): tier is PaidPurchasableTier =>
  (PAID_PURCHASABLE_TIERS as readonly string[]).includes(tier)

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
export function createRenewalsService(deps: Deps) {
  const { subscriptions, payments, provider, usageReports } = deps

  /**
   * Usage above the credits for a hosted provider that invoices it: recorded here, in the
   * transaction that moves the credits on, and sent after it commits (reportPendingUsage).
   * Returns false when the subscription is not one the provider bills.
   */
  async function recordUsageIntent(
    trx: Transaction<DB>,
    row: SubscriptionRow,
    input: { key: string; cents: number; characters: number; periodStart: Date; periodEnd: Date },
  ): Promise<boolean> {
    if (!provider.reportUsage || !row.provider_customer_id || !row.provider_subscription_id) return false
    await usageReports.recordIntent(trx, {
      id: `ur_${randomUUID().replaceAll('-', '')}`,
      workspace_id: row.workspace_id,
      usage_key: input.key,
      provider: provider.name,
      provider_customer_id: row.provider_customer_id,
      provider_subscription_id: row.provider_subscription_id,
      billing_period: billingPeriodOf(row.billing_period),
      currency: billingCurrency(row.currency),
      amount_cents: input.cents,
      characters: input.characters,
      period_start: input.periodStart,
      period_end: input.periodEnd,
    })
    return true
  }

  /** Sends the recorded usage reports; each counts once at the provider (see the identifier). */
  async function reportPendingUsage(now: Date): Promise<number> {
    const report = provider.reportUsage
    if (!report) return 0
    let sent = 0
    for (;;) {
      const claimed = await usageReports.claimDue(now, REPORT_LEASE_MS, BATCH)
      if (claimed.length === 0) return sent
      for (const r of claimed) {
        const firstTry = r.attempts > 1 ? r.first_attempt_at : null
        if (firstTry && now.getTime() - firstTry.getTime() > REPORT_RESEND_WINDOW_MS) {
          await usageReports.markNeedsReview(r.id, r.last_error ?? 'not confirmed in time')
          deps.log?.(`usage report ${r.id} of workspace ${r.workspace_id} needs review: ${r.last_error}`)
          continue
        }
        try {
          const result = await report({
            identifier: r.id,
            customerId: r.provider_customer_id ?? '',
            subscriptionId: r.provider_subscription_id ?? '',
            billingPeriod: billingPeriodOf(r.billing_period),
            currency: billingCurrency(r.currency),
            amountCents: r.amount_cents,
            // Inside the period the usage belongs to, so it lands on that period's invoice.
            at: new Date(Math.min(r.period_end.getTime() - 1000, now.getTime())),
          })
          await usageReports.markReported(r.id, result.reference, new Date())
          sent += 1
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          await usageReports.markAttemptFailed(r.id, message, new Date(now.getTime() + REPORT_RETRY_MS))
        }
      }
      if (claimed.length < BATCH) return sent
    }
  }

  async function charge(
    trx: Transaction<DB>,
    row: SubscriptionRow,
    input: {
      key: string
      kind: 'renewal' | 'usage' | 'grant_end'
      amount: number
      currency: Currency
      tier: string
      period: BillingPeriod
      periodStart: Date
      periodEnd: Date
      characters?: number
      at: Date
    },
  ): Promise<'paid' | 'open' | 'duplicate'> {
    const existing = await payments.findPayment(trx, row.workspace_id, input.key)
    if (existing) return existing.status === 'paid' ? 'duplicate' : 'open'
    let status: 'paid' | 'open' = 'paid'
    let reference: string | null = null
    if (input.amount > 0) {
      try {
        const result = await provider.chargeCardOnFile({
          amountCents: input.amount,
          currency: input.currency,
          idempotencyKey: input.key,
          card: await payments.findCard(row.workspace_id, trx),
        })
        reference = result.reference
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        status = 'open'
      }
    }
    await payments.insertPayment(trx, {
      id: `pay_${randomUUID().replaceAll('-', '')}`,
      workspace_id: row.workspace_id,
      idempotency_key: input.key,
      kind: input.kind,
      provider: provider.name,
      amount_cents: input.amount,
      currency: input.currency,
      tier: input.tier,
      billing_period: input.period,
      provider_reference: reference,
      created_at: input.at,
      status,
      paid_at: status === 'paid' ? input.at : null,
      period_start: input.periodStart,
      period_end: input.periodEnd,
      characters: input.characters ?? null,
    })
    return status
  }

  /** The monthly credit reset at `boundary`; usage above the credits is invoiced first. */
  async function resetCredits(trx: Transaction<DB>, row: SubscriptionRow, boundary: Date) {
    const tier = tierOf(row.tier)
    const carried = rollOver(row)
    const anchor = row.current_period_start ?? row.next_reset_at
    // A grant's credits last the whole grant; other plans renew monthly.
    const nextReset =
      isGrantTier(tier) && row.grant_ends_at ? row.grant_ends_at : nextMonthlyBoundary(anchor, boundary)
    let status = row.status
    const overage = unbilledOverage(row)
    const reported =
      overage.cents > 0 &&
      (await recordUsageIntent(trx, row, {
        key: `usage:${boundary.toISOString()}`,
        cents: overage.cents,
        characters: overage.characters,
        periodStart: row.period_started_at,
        periodEnd: boundary,
      }))
    // A hosted provider invoices the usage reported to it; the local one is charged here.
    if (!reported && !provider.hosted && overage.cents > 0) {
      const result = await charge(trx, row, {
        key: `usage:${boundary.toISOString()}`,
        kind: 'usage',
        amount: overage.cents,
        currency: billingCurrency(row.currency),
        tier,
        period: billingPeriodOf(row.billing_period),
        periodStart: row.period_started_at,
        periodEnd: boundary,
        characters: overage.characters,
        at: boundary,
      })
      if (result === 'open') status = 'past_due'
    }
    return subscriptions.update(trx, row.workspace_id, {
      ...creditResetPatch(tier, boundary, nextReset, carried),
      status,
    })
  }

  /** The end of a paid period we renew: scheduled changes first, then the next period's charge. */
  async function endPaidPeriod(trx: Transaction<DB>, row: SubscriptionRow, boundary: Date) {
    const pendingTier = row.pending_next_tier
    if (row.pending_change_kind === 'cancellation' || (row.pending_change_kind && pendingTier === 'free'))
      return subscriptions.update(trx, row.workspace_id, freePlanPatch(row, boundary))
    const tier = row.pending_change_kind === 'change' && pendingTier ? pendingTier : row.tier
    const period = billingPeriodOf(
      row.pending_change_kind === 'change'
        ? (row.pending_billing_period ?? row.billing_period)
        : row.billing_period,
    )
    if (!isPaidPurchasable(tier))
      return subscriptions.update(trx, row.workspace_id, freePlanPatch(row, boundary))
    const currency = billingCurrency(row.currency)
    const list = periodPrice(tier, period, currency) ?? 0
    const discountLeft = (row.discount_months_left ?? 0) > 0
    const amount = discountLeft
      ? discounted(list, { percentOff: row.discount_percent_off, amountOff: row.discount_amount_off })
      : list
    const end = paidPeriodEnd(boundary, period)
    const result = await charge(trx, row, {
      key: `renewal:${boundary.toISOString()}`,
      kind: 'renewal',
      amount,
      currency,
      tier,
      period,
      periodStart: boundary,
      periodEnd: end,
      at: boundary,
    })
    const common = {
      tier,
      billing_period: period,
      current_period_start: boundary,
      current_period_end: end,
      pending_change_kind: null,
      pending_next_tier: null,
      pending_billing_period: null,
      discount_months_left: discountLeft ? (row.discount_months_left ?? 1) - 1 : row.discount_months_left,
    }
    if (result === 'open') {
      // Past due: the new period is owed; its credits come when the invoice is paid.
      return subscriptions.update(trx, row.workspace_id, { ...common, status: 'past_due' })
    }
    const renewed = await subscriptions.update(trx, row.workspace_id, common)
    return resetCredits(trx, { ...renewed, status: 'active' }, boundary)
  }

  /** A grant ends: the subscription chosen for afterwards, paid by the card on file, or free. */
  async function endGrant(trx: Transaction<DB>, row: SubscriptionRow, boundary: Date) {
    const next = row.post_grant_tier
    if (!next || !isPaidPurchasable(next))
      return subscriptions.update(trx, row.workspace_id, freePlanPatch(row, boundary))
    const period = billingPeriodOf(row.post_grant_billing_period)
    const currency = billingCurrency(row.currency)
    const result = await charge(trx, row, {
      key: `grant_end:${boundary.toISOString()}`,
      kind: 'grant_end',
      amount: periodPrice(next, period, currency) ?? 0,
      currency,
      tier: next,
      period,
      periodStart: boundary,
      periodEnd: paidPeriodEnd(boundary, period),
      at: boundary,
    })
    // A declined card cannot start a paid plan: the workspace goes to free and keeps its choice.
    if (result === 'open')
      return subscriptions.update(trx, row.workspace_id, {
        ...freePlanPatch(row, boundary),
        post_grant_tier: next,
        post_grant_billing_period: period,
      })
    return subscriptions.update(trx, row.workspace_id, {
      ...paidActivationPatch(row, {
        tier: next,
        period,
        currency,
        start: boundary,
        provider: provider.name,
        promo: undefined,
      }),
      post_grant_tier: null,
      post_grant_billing_period: null,
    })
  }

  /** One step: the earliest thing due at `now`, or null when nothing is. */
  async function step(
    trx: Transaction<DB>,
    row: SubscriptionRow,
    now: Date,
  ): Promise<SubscriptionRow | null> {
    const t = now.getTime()
    if (row.grant_ends_at && isGrantTier(tierOf(row.tier))) {
      if (row.grant_ends_at.getTime() <= t) return endGrant(trx, row, row.grant_ends_at)
      // A grant lasts its months or until its credits are used, whichever comes first.
      if (row.character_limit >= 0 && row.character_count >= row.character_limit)
        return endGrant(trx, row, now)
    }
    const ownRenewal = !provider.hosted || row.payment_provider === 'local' || row.payment_provider === null
    if (row.status === 'past_due') {
      // A hosted provider runs its own retries and reports the end; ours gives a grace period.
      if (!ownRenewal || !row.current_period_start) return null
      const graceEnd = new Date(row.current_period_start.getTime() + PAST_DUE_GRACE_MS)
      if (graceEnd.getTime() <= t)
        return subscriptions.update(trx, row.workspace_id, freePlanPatch(row, graceEnd))
      return null
    }
    const periodEnd = row.current_period_end
    if (
      ownRenewal &&
      periodEnd &&
      periodEnd.getTime() <= t &&
      periodEnd.getTime() <= row.next_reset_at.getTime()
    )
      return endPaidPeriod(trx, row, periodEnd)
    if (row.next_reset_at.getTime() <= t) return resetCredits(trx, row, row.next_reset_at)
    if (ownRenewal && periodEnd && periodEnd.getTime() <= t) return endPaidPeriod(trx, row, periodEnd)
    return null
  }

  /**
   * A billing threshold: once the usage above the credits not yet invoiced costs the plan's
   * threshold (monthly or annual figure), it is invoiced at once instead of at the reset.
   */
  async function invoiceThreshold(workspaceId: string, now: Date): Promise<boolean> {
    if (provider.hosted && !provider.reportUsage) return false
    return payments.transaction(async (trx) => {
      const row = await subscriptions.lockForChange(trx, workspaceId)
      if (row?.status !== 'active' || !row.usage_based_billing || leased(row)) return false
      const tier = tierOf(row.tier)
      const period = billingPeriodOf(row.billing_period)
      const thresholds = PLANS[tier].billingThresholdCents
      const overage = unbilledOverage(row)
      if (!thresholds || overage.characters === 0) return false
      if (overage.cents < (period === 'annual_period' ? thresholds.annual : thresholds.monthly)) return false
      const billed = row.overage_billed_characters + overage.characters
      const key = `usage:${row.period_started_at.toISOString()}:${billed}`
      if (provider.hosted) {
        const recorded = await recordUsageIntent(trx, row, {
          key,
          cents: overage.cents,
          characters: overage.characters,
          periodStart: row.period_started_at,
          periodEnd: now,
        })
        if (!recorded) return false
        await subscriptions.update(trx, workspaceId, { overage_billed_characters: billed })
        return true
      }
      const result = await charge(trx, row, {
        key,
        kind: 'usage',
        amount: overage.cents,
        currency: billingCurrency(row.currency),
        tier,
        period,
        periodStart: row.period_started_at,
        periodEnd: now,
        characters: overage.characters,
        at: now,
      })
      await subscriptions.update(trx, workspaceId, {
        overage_billed_characters: billed,
        ...(result === 'open' ? { status: 'past_due' } : {}),
      })
      return true
    })
  }

  async function renewWorkspace(workspaceId: string, now: Date): Promise<number> {
    return payments.transaction(async (trx) => {
      let row = await subscriptions.lockForChange(trx, workspaceId)
      // A plan change is being made at the provider: this workspace waits for the next run.
      if (row && leased(row)) return 0
      let steps = 0
      while (row && steps < MAX_STEPS_PER_RUN) {
        const next = await step(trx, row, now)
        if (!next) break
        row = next
        steps += 1
      }
      return steps
    })
  }

  return {
    renewWorkspace,
    reportPendingUsage,

    /** Everything due at `now`, in batches; returns the number of steps taken. */
    async runDue(now: Date): Promise<number> {
      let total = 0
      const seen = new Set<string>()
      for (;;) {
        const graceStart = new Date(now.getTime() - PAST_DUE_GRACE_MS)
        const due = (await subscriptions.dueWorkspaces(now, graceStart, BATCH)).filter((id) => !seen.has(id))
        if (due.length === 0) {
          for (const id of await subscriptions.overUsage(BATCH))
            if (await invoiceThreshold(id, now)) total += 1
          return total + (await reportPendingUsage(now))
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
        return resetCredits(trx, active, now)
      })
    },
  }
}

export type RenewalsService = ReturnType<typeof createRenewalsService>
