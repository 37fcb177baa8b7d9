import { billingCurrency, isTier, PLANS } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { billingPeriod, currency } from './billing.schemas.js'
import type { PaymentRow } from './billing.tables.js'
import { type BillingAccess, requireBillingAdmin } from './billing-access.js'
import type { PaymentsRepository } from './payments.repository.js'
import { billingPeriodOf, periodEnd } from './subscription-state.js'

const tags = ['billing']
const config = { auth: 'required', apiKeys: false } as const

export const invoice = z
  .object({
    id: z.string(),
    created_unix: z.number(),
    /** What was charged, in cents of `currency`. */
    amount_cents: z.number(),
    currency,
    /** Every recorded payment has been charged: a charge that fails leaves no row. */
    status: z.enum(['paid']),
    kind: z.enum(['checkout', 'upgrade']),
    tier: z.string(),
    billing_period: billingPeriod,
    description: z.string(),
    period: z.object({ start_unix: z.number(), end_unix: z.number() }),
  })
  .meta({ id: 'Invoice' })

const unix = (date: Date) => Math.floor(date.getTime() / 1000)

/** A payment as an invoice: the paid plan and the billing period it starts. */
export function toInvoice(row: PaymentRow): z.infer<typeof invoice> {
  const period = billingPeriodOf(row.billing_period)
  const plan = isTier(row.tier) ? PLANS[row.tier].name : row.tier
  const every = period === 'annual_period' ? 'yearly' : 'monthly'
  return {
    id: row.id,
    created_unix: unix(row.created_at),
    amount_cents: row.amount_cents,
    currency: billingCurrency(row.currency),
    status: 'paid',
    kind: row.kind === 'upgrade' ? 'upgrade' : 'checkout',
    tier: row.tier,
    billing_period: period,
    description: `${plan} plan, billed ${every}${row.kind === 'upgrade' ? ' (upgrade, prorated)' : ''}`,
    period: { start_unix: unix(row.created_at), end_unix: unix(periodEnd(row.created_at, period)) },
  }
}

// The list is for the subscription page; a year of monthly invoices with changes fits.
const INVOICE_LIST_LIMIT = 100

/** The workspace's invoices, newest first, for those who manage its billing. */
export function invoicesRoutes(payments: PaymentsRepository, access: BillingAccess): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/billing/invoices',
      {
        config,
        preHandler: requireBillingAdmin(access),
        schema: {
          tags,
          summary: "The workspace's invoices, newest first",
          response: { 200: z.object({ invoices: z.array(invoice) }) },
        },
      },
      async (request) => {
        const rows = await payments.recentPayments(requirePrincipal(request).workspaceId, INVOICE_LIST_LIMIT)
        return { invoices: rows.map(toInvoice) }
      },
    )
  }
}
