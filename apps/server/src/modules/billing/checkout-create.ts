import { randomUUID } from 'node:crypto'
import { billingCurrency, type Currency, PLANS, periodPrice } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { CheckoutSessionRow, SubscriptionRow } from './billing.tables.js'
import {
  assertCanCreate,
  type CheckoutDeps,
  type CheckoutRequest,
  SESSION_LIFETIME_MS,
} from './checkout-deps.js'
import { type Redeemer, resolvePromo } from './promo-codes.js'
import { discounted } from './subscription-state.js'

/** The first invoice: a promo code, else the first-month offer for a first subscription. */
async function amountDue(
  deps: CheckoutDeps,
  row: SubscriptionRow,
  request: CheckoutRequest,
  currency: Currency,
  redeemer: Redeemer,
) {
  const { payments } = deps
  const list = periodPrice(request.subscription_type, request.billing_period, currency) ?? 0
  if (request.promocode) {
    const promo = await resolvePromo(payments, deps.promoCodes, request.promocode, deps.now(), redeemer)
    return { list, due: discounted(list, promo), promocode: promo.code }
  }
  const firstMonth = PLANS[request.subscription_type].prices?.firstMonth
  const offered =
    !request.no_default_promocode &&
    request.billing_period === 'monthly_period' &&
    firstMonth &&
    row.previously_subscribed_tiers.length === 0
  return { list, due: offered ? firstMonth[currency] : list, promocode: null }
}

function sameRequest(session: CheckoutSessionRow, request: CheckoutRequest, currency: Currency): boolean {
  return (
    session.tier === request.subscription_type &&
    session.billing_period === request.billing_period &&
    session.currency === currency &&
    (session.promocode ?? null) === (request.promocode?.trim() || null)
  )
}

/** Opens a checkout session (once per idempotency key) and returns the page where it is paid. */
export async function createCheckout(
  deps: CheckoutDeps,
  principal: { workspaceId: string; userId: string; email: string },
  origin: string,
  request: CheckoutRequest,
) {
  const { subscriptions, payments, provider } = deps
  const { workspaceId, userId } = principal
  const row = await subscriptions.find(workspaceId)
  assertCanCreate(row, request.subscription_type, request.billing_period)
  const currency = request.currency ?? billingCurrency(row.currency)
  const { list, due, promocode } = await amountDue(deps, row, request, currency, { workspaceId, userId })
  const now = deps.now()
  const session = await payments.openSession({
    id: `cs_${randomUUID().replaceAll('-', '')}`,
    workspace_id: workspaceId,
    user_id: userId,
    idempotency_key: request.idempotency_key ?? null,
    provider: provider.name,
    tier: request.subscription_type,
    billing_period: request.billing_period,
    currency,
    promocode,
    list_price_cents: list,
    amount_due_cents: due,
    created_at: now,
    expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS),
  })
  if (!sameRequest(session, request, currency)) throw new AppError('idempotency_key_reused')
  const promo = session.promocode ? await payments.findPromo(session.promocode) : undefined
  const page = await provider.checkoutUrl({
    origin,
    sessionId: session.id,
    workspaceId,
    email: principal.email,
    customerId: row.provider_customer_id,
    tier: request.subscription_type,
    billingPeriod: request.billing_period,
    currency,
    listPriceCents: list,
    amountDueCents: session.amount_due_cents,
    discountMonths: promo ? promo.duration_in_months : null,
  })
  if (page.providerSessionId) await payments.setSessionProviderId(session.id, page.providerSessionId)
  return { url: page.url }
}
