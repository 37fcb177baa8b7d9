import { randomUUID } from 'node:crypto'
import type { Currency } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type Stripe from 'stripe'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { Topic } from '../../platform/events.js'
import { chargeLocalCard, type PaymentProvider, readTestCard } from './payment-provider.js'
import type { PurchasesRepository } from './purchases.repository.js'
import type { CheckoutPurchaseRow } from './purchases.tables.js'

// One-off purchases paid on a checkout page: another domain opens one for a thing it sells (a
// Productions order), the customer pays it on the provider's page (the local test page, or
// Stripe Checkout in payment mode), and the outcome is published once it is recorded. A thing
// has at most one live purchase, so asking again opens the same page and nothing is paid twice;
// the domain can also ask for the state, so an outcome whose publication was lost is found.

export interface PurchasesDeps {
  purchases: PurchasesRepository
  provider: PaymentProvider
  now: () => Date
  settled: Topic<PurchaseSettled>
}

/** A purchase was paid, or its page expired unpaid. */
export interface PurchaseSettled {
  purchaseId: string
  workspaceId: string
  product: string
  reference: string
  status: 'complete' | 'expired'
  amountCents: number
}

export interface OpenPurchase {
  workspaceId: string
  userId: string
  email: string
  origin: string
  product: string
  reference: string
  description: string
  amountCents: number
  currency: Currency
  returnPath: string
  /** The page stops taking payment then. */
  expiresAt: Date
}

export function purchaseView(row: CheckoutPurchaseRow, now: Date) {
  return {
    purchase_id: row.id,
    status: row.status === 'open' && row.expires_at <= now ? ('expired' as const) : row.status,
    description: row.description,
    amount_cents: row.amount_cents,
    currency: row.currency,
    provider: row.provider,
    return_path: row.return_path,
    url: row.url,
  }
}

const settledOf = (row: CheckoutPurchaseRow, status: PurchaseSettled['status']): PurchaseSettled => ({
  purchaseId: row.id,
  workspaceId: row.workspace_id,
  product: row.product,
  reference: row.reference,
  status,
  amountCents: row.amount_cents,
})

/** Opens the purchase of a thing (or finds its open one) and returns the page where it is paid. */
export async function openPurchase(deps: PurchasesDeps, input: OpenPurchase) {
  const now = deps.now()
  const live = await deps.purchases.live(input.product, input.reference)
  if (live?.status === 'complete') throw new AppError('purchase_already_paid')
  if (live && live.expires_at > now && live.url) return purchaseView(live, now)
  if (live) await deps.purchases.expire(live.id)
  const row = await deps.purchases.insert({
    id: `pur_${randomUUID().replaceAll('-', '')}`,
    workspace_id: input.workspaceId,
    user_id: input.userId,
    product: input.product,
    reference: input.reference,
    description: input.description,
    amount_cents: input.amountCents,
    currency: input.currency,
    provider: deps.provider.name,
    return_path: input.returnPath,
    created_at: now,
    expires_at: input.expiresAt,
  })
  if (!row) {
    // Another request opened it meanwhile: its page is the one.
    const other = await deps.purchases.live(input.product, input.reference)
    if (other?.url) return purchaseView(other, now)
    throw new AppError('checkout_failed')
  }
  try {
    const page = await deps.provider.purchaseUrl({
      origin: input.origin,
      purchaseId: row.id,
      workspaceId: input.workspaceId,
      email: input.email,
      description: input.description,
      amountCents: input.amountCents,
      currency: input.currency,
      returnPath: input.returnPath,
      expiresAt: input.expiresAt,
    })
    await deps.purchases.setPage(row.id, page)
    return purchaseView({ ...row, url: page.url, provider_session_id: page.providerSessionId }, now)
  } catch (error) {
    // No page was made: the purchase is closed so the next request opens a new one.
    await deps.purchases.expire(row.id)
    throw error
  }
}

/** The purchase's state, as the domain that opened it checks it. */
export async function purchaseState(deps: PurchasesDeps, purchaseId: string) {
  const row = await deps.purchases.byId(purchaseId)
  return row ? purchaseView(row, deps.now()) : null
}

/** The local test page: shows the purchase to a member of its workspace. */
export async function describePurchase(deps: PurchasesDeps, workspaceId: string, purchaseId: string) {
  const row = await deps.purchases.find(workspaceId, purchaseId)
  if (!row) throw new AppError('checkout_session_not_found')
  return { ...purchaseView(row, deps.now()), test_mode: deps.provider.testMode }
}

/** Pays a purchase with a test card on the local provider; paying a paid one changes nothing. */
export async function payLocalPurchase(
  deps: PurchasesDeps,
  workspaceId: string,
  purchaseId: string,
  cardNumber: string,
) {
  if (deps.provider.hosted) throw new AppError('checkout_session_not_found')
  const now = deps.now()
  const paid = await deps.purchases.transaction(async (trx) => {
    const row = await deps.purchases.lock(trx, purchaseId)
    if (!row || row.workspace_id !== workspaceId) throw new AppError('checkout_session_not_found')
    if (row.status === 'complete') return null
    if (row.status !== 'open' || row.expires_at <= now) throw new AppError('checkout_session_expired')
    const charge = chargeLocalCard(readTestCard(cardNumber), `purchase:${row.id}`)
    await deps.purchases.complete(trx, row.id, charge.reference, now)
    return row
  })
  // Told once recorded, outside the transaction: the listener uses its own connection.
  if (paid) await deps.settled.publish(settledOf(paid, 'complete'))
  return describePurchase(deps, workspaceId, purchaseId)
}

/**
 * Stripe's checkout.session.completed or .expired for a purchase, in the webhook's transaction;
 * returns what to publish once it commits (null: not a purchase, or already settled).
 */
export async function stripePurchaseEvent(
  purchases: PurchasesRepository,
  trx: Transaction<DB>,
  session: Stripe.Checkout.Session,
  outcome: PurchaseSettled['status'],
  at: Date,
): Promise<PurchaseSettled | null> {
  const id = session.metadata?.purchase_id
  if (session.mode !== 'payment' || !id) return null
  // A completed page whose payment is still on its way (a bank debit) is not paid yet.
  if (outcome === 'complete' && session.payment_status === 'unpaid') return null
  const row = await purchases.lock(trx, id)
  if (!row || row.provider_session_id !== session.id) return null
  const reference =
    typeof session.payment_intent === 'string'
      ? session.payment_intent
      : (session.payment_intent?.id ?? session.id)
  const changed =
    outcome === 'complete'
      ? await purchases.complete(trx, row.id, reference, at)
      : await purchases.expire(row.id, trx)
  return changed ? settledOf(row, outcome) : null
}
