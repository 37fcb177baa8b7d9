import { type BillingPeriod, type Currency, type PaidPurchasableTier, siteLink } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { PaymentMethodRow } from './billing.tables.js'

/**
 * Where money comes from. Two kinds sit behind this one interface:
 * - the built-in local provider (the default): a test mode that takes the well-known test
 *   card numbers on the app's own pages and moves no real money; its renewals are made by the
 *   billing job;
 * - a hosted card provider (Stripe): its own pages take the card, it renews subscriptions by
 *   itself and tells us what happened through signed webhooks.
 * The billing services decide every rule; a provider only carries out the money side.
 */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe'
  /** True when no real money moves; every billing answer says so. */
  readonly testMode: boolean
  /** True when the provider charges and renews by itself and reports through webhooks. */
  readonly hosted: boolean
  /** The page where the customer pays a checkout session we opened. */
  checkoutUrl(input: CheckoutUrlInput): Promise<{ url: string; providerSessionId: string | null }>
  /** The page where the customer pays a one-off purchase we opened (a Productions order). */
  purchaseUrl(input: PurchaseUrlInput): Promise<{ url: string; providerSessionId: string | null }>
  /** The page where the customer manages the subscription (invoices, cancellation, card). */
  portalUrl(input: CustomerPageInput): Promise<string>
  /** The page where the customer replaces the card on file. */
  paymentMethodsUrl(input: CustomerPageInput): Promise<string>
  /** An immediate, prorated move to another plan: charged to the card on file. */
  changeNow(input: ChangeNowInput): Promise<ChargeResult>
  /** A plan change at the end of the paid period (a subscription schedule at the provider). */
  scheduleChange(input: ScheduleInput): Promise<{ scheduleId: string | null }>
  /** Drops the change scheduled at the provider. */
  releaseSchedule(input: { scheduleId: string | null }): Promise<void>
  /** Cancel at the period end, or take that back. */
  setCancelAtPeriodEnd(input: { subscriptionId: string | null; cancel: boolean }): Promise<void>
  /** Charges the card on file (renewals, usage, grant ends); the local provider only. */
  chargeCardOnFile(input: ChargeInput & { card: PaymentMethodRow | undefined }): Promise<ChargeResult>
  /** Checks that the card on file can pay (usage-based billing needs one). */
  verifyCard(input: { card: PaymentMethodRow | undefined; customerId: string | null }): Promise<CardCheck>
  /**
   * Reports usage above the credits to a hosted provider, which puts it on the subscription's
   * next invoice. The identifier makes a repeated report of the same usage count once.
   * Providers that do not invoice usage themselves leave it out (the billing job charges).
   */
  reportUsage?(input: UsageReport): Promise<{ reference: string }>
}

export interface UsageReport {
  identifier: string
  customerId: string
  subscriptionId: string
  billingPeriod: BillingPeriod
  currency: Currency
  amountCents: number
  /** When the usage happened (inside the period it belongs to). */
  at: Date
}

export interface CheckoutUrlInput {
  origin: string
  sessionId: string
  workspaceId: string
  email: string
  customerId: string | null
  tier: PaidPurchasableTier
  billingPeriod: BillingPeriod
  currency: Currency
  listPriceCents: number
  amountDueCents: number
  /** How many invoices a promo code reduces (null: only the first). */
  discountMonths: number | null
}

export interface PurchaseUrlInput {
  origin: string
  purchaseId: string
  workspaceId: string
  email: string
  description: string
  amountCents: number
  currency: Currency
  /** The app page the payer returns to (a query tells whether they paid). */
  returnPath: string
  /** The page stops taking payment then. */
  expiresAt: Date
}

export interface CustomerPageInput {
  origin: string
  workspaceId: string
  email: string
  customerId: string | null
  currency: Currency
}

export interface ChangeNowInput {
  subscriptionId: string | null
  tier: PaidPurchasableTier
  billingPeriod: BillingPeriod
  currency: Currency
  /** What the local provider charges: the new price less the unused part of the period. */
  amountCents: number
  card: PaymentMethodRow | undefined
  idempotencyKey: string
}

export interface ScheduleInput {
  subscriptionId: string | null
  scheduleId: string | null
  /** null: cancel at the period end (the free plan is not billed). */
  tier: PaidPurchasableTier | null
  billingPeriod: BillingPeriod
  currency: Currency
}

export interface ChargeInput {
  amountCents: number
  currency: Currency
  idempotencyKey: string
}

export interface ChargeResult {
  reference: string
  /** false: the provider confirms the charge later (a webhook); the payment stays pending. */
  settled: boolean
}

export interface CardCheck {
  ok: boolean
  brand: string | null
  last4: string | null
}

/** Test cards of the local provider (the numbers card providers use for the same cases). */
export const LOCAL_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
} as const

function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** The card brand from its leading digits (enough for the cards a test mode sees). */
function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  return 'card'
}

/** A card number typed on a local test-mode page: what is kept of it (never the number). */
export interface EnteredCard {
  brand: string
  last4: string
  declines: boolean
}

/** Checks a typed card number; refuses a malformed one. */
export function readTestCard(cardNumber: string): EnteredCard {
  const digits = cardNumber.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    throw new AppError('invalid_card_number', { param: 'card_number' })
  return { brand: brandOf(digits), last4: digits.slice(-4), declines: digits === LOCAL_TEST_CARDS.declined }
}

/** Decides a charge on a card of the local provider: the declining test card is refused. */
export function chargeLocalCard(card: EnteredCard | PaymentMethodRow | undefined, key: string): ChargeResult {
  if (!card) throw new AppError('no_payment_method')
  if (card.declines) throw new AppError('card_declined', { param: 'card_number' })
  return { reference: `local_${card.brand}_${card.last4}_${key.slice(-12)}`, settled: true }
}

export function createLocalPaymentProvider(): PaymentProvider {
  return {
    name: 'local',
    testMode: true,
    hosted: false,
    checkoutUrl: async ({ origin, sessionId }) => ({
      url: siteLink(origin, `/checkout/${encodeURIComponent(sessionId)}`),
      providerSessionId: null,
    }),
    purchaseUrl: async ({ origin, purchaseId }) => ({
      url: siteLink(origin, `/checkout/purchase/${encodeURIComponent(purchaseId)}`),
      providerSessionId: null,
    }),
    portalUrl: async ({ origin }) => siteLink(origin, '/billing/local/portal'),
    paymentMethodsUrl: async ({ origin }) => siteLink(origin, '/billing/local/portal/payment-method'),
    changeNow: async ({ card, idempotencyKey }) => chargeLocalCard(card, idempotencyKey),
    // Scheduled changes live in the subscription row; the billing job applies them.
    scheduleChange: async () => ({ scheduleId: null }),
    releaseSchedule: async () => undefined,
    setCancelAtPeriodEnd: async () => undefined,
    chargeCardOnFile: async ({ card, idempotencyKey }) => chargeLocalCard(card, idempotencyKey),
    verifyCard: async ({ card }) => ({
      ok: card !== undefined && !card.declines,
      brand: card?.brand ?? null,
      last4: card?.last4 ?? null,
    }),
  }
}
