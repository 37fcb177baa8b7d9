import { randomUUID } from 'node:crypto'
import type { BillingPeriod, Currency } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { SubscriptionRow } from './billing.tables.js'
import type { RenewalDeps } from './renewal-deps.js'

// One charge to the card on file, keyed so that a step run twice charges once.

export async function charge(
  deps: RenewalDeps,
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
  const { payments, provider } = deps
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
