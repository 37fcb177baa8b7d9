import { billingCurrency, PLANS } from '@timbre/contract'
import { leased } from './change-lease.js'
import { tierOf } from './plan-rules.js'
import { charge } from './renewal-charge.js'
import type { RenewalDeps } from './renewal-deps.js'
import { billingPeriodOf, unbilledOverage } from './subscription-state.js'
import { recordUsageIntent } from './usage-reporting.js'

/**
 * A billing threshold: once the usage above the credits not yet invoiced costs the plan's
 * threshold (monthly or annual figure), it is invoiced at once instead of at the reset.
 */
export async function invoiceThreshold(deps: RenewalDeps, workspaceId: string, now: Date): Promise<boolean> {
  const { subscriptions, payments, provider } = deps
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
      const recorded = await recordUsageIntent(deps, trx, row, {
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
    const result = await charge(deps, trx, row, {
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
