import { billingCurrency, isGrantTier, PLANS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { type PaymentProvider, readTestCard } from './payment-provider.js'
import type { PaymentsRepository } from './payments.repository.js'
import { tierOf } from './plan-rules.js'
import type { RenewalsService } from './renewals.service.js'
import { hasOpenInvoices, subscriptionInfo } from './subscription-state.js'
import type { SubscriptionsRepository } from './subscriptions.repository.js'

interface Deps {
  subscriptions: SubscriptionsRepository
  payments: PaymentsRepository
  provider: PaymentProvider
  renewals: RenewalsService
  now: () => Date
}

interface Caller {
  workspaceId: string
  email: string
}

/**
 * The customer's side of billing outside plan changes: the provider's portal and card pages,
 * the card on file and its verification, and usage-based billing (characters above the
 * credits, billed at the plan's price per 1,000).
 */
export function createAccountBillingService(deps: Deps) {
  const { subscriptions, payments, provider } = deps

  async function pageInput(caller: Caller, origin: string) {
    const row = await subscriptions.find(caller.workspaceId)
    return {
      origin,
      workspaceId: caller.workspaceId,
      email: caller.email,
      customerId: row.provider_customer_id,
      currency: billingCurrency(row.currency),
    }
  }

  async function cardView(workspaceId: string) {
    const card = await payments.findCard(workspaceId)
    return card
      ? {
          brand: card.brand,
          last4: card.last4,
          verified: card.verified_at !== null,
          updated_at_unix: Math.floor(card.updated_at.getTime() / 1000),
        }
      : null
  }

  return {
    async portalUrl(caller: Caller, origin: string) {
      return { url: await provider.portalUrl(await pageInput(caller, origin)) }
    },

    async paymentMethodsUrl(caller: Caller, origin: string) {
      return { url: await provider.paymentMethodsUrl(await pageInput(caller, origin)) }
    },

    /** The local portal page: the subscription, the card on file and the money still owed. */
    async localPortal(workspaceId: string) {
      const row = await subscriptions.find(workspaceId)
      const open = await payments.openInvoices(workspaceId)
      return {
        subscription: subscriptionInfo(row, provider.testMode),
        payment_method: await cardView(workspaceId),
        open_invoices: open.map((p) => ({
          id: p.id,
          kind: p.kind,
          amount_cents: p.amount_cents,
          currency: billingCurrency(p.currency),
          created_at_unix: Math.floor(p.created_at.getTime() / 1000),
        })),
        usage_based_billing: row.usage_based_billing,
        test_mode: provider.testMode,
      }
    },

    /**
     * Replaces the card on file (local test mode) and pays what is owed with it. A declining
     * card is kept (it is the customer's choice) but cannot pay: the answer is the decline.
     */
    async replaceLocalCard(workspaceId: string, cardNumber: string) {
      if (provider.hosted) throw new AppError('not_found')
      const card = readTestCard(cardNumber)
      const now = deps.now()
      await payments.saveCard({
        workspaceId,
        provider: provider.name,
        brand: card.brand,
        last4: card.last4,
        declines: card.declines,
        reference: null,
        at: now,
      })
      const row = await subscriptions.find(workspaceId)
      const owed = await payments.openInvoices(workspaceId)
      if (owed.length > 0 || hasOpenInvoices(row)) await deps.renewals.payOpenInvoices(workspaceId, now)
      return this.localPortal(workspaceId)
    },

    /** Checks the card on file can pay; usage-based billing is refused without a verified card. */
    async verifyCard(workspaceId: string) {
      const row = await subscriptions.find(workspaceId)
      const card = await payments.findCard(workspaceId)
      const check = await provider.verifyCard({ card, customerId: row.provider_customer_id })
      if (!check.ok) throw new AppError('card_verification_failed')
      // A hosted provider keeps the card itself: what it reported is remembered as the card on
      // file, so the usage-based billing switch sees a verified card.
      if (!card && provider.hosted && check.brand && check.last4)
        await payments.saveCard({
          workspaceId,
          provider: provider.name,
          brand: check.brand,
          last4: check.last4,
          declines: false,
          reference: row.provider_customer_id,
          at: deps.now(),
        })
      if (card || provider.hosted) await payments.markCardVerified(workspaceId, deps.now())
      return { verified: true, brand: check.brand, last4: check.last4 }
    },

    /**
     * Turns usage-based billing on or off. On needs a plan that can extend its limit, an active
     * subscription, no unpaid invoice, not a grant, and a verified card.
     */
    async setUsageBasedBilling(
      workspaceId: string,
      input: { enabled: boolean; max_character_limit_extension?: number | null | undefined },
    ) {
      return payments.transaction(async (trx) => {
        const row = await subscriptions.lockForChange(trx, workspaceId)
        if (!row) throw new AppError('no_subscription')
        const tier = tierOf(row.tier)
        const cap = input.max_character_limit_extension
        if (input.enabled) {
          if (isGrantTier(tier)) throw new AppError('usage_billing_not_for_grants')
          if (PLANS[tier].limits.characterLimitExtension === 0)
            throw new AppError('usage_billing_not_in_plan')
          if (hasOpenInvoices(row) || (await payments.openInvoices(workspaceId, trx)).length > 0)
            throw new AppError('unpaid_invoice')
          if (row.status !== 'active' && tier !== 'enterprise' && tier !== 'trial')
            throw new AppError('usage_billing_enable_failed')
          const card = await payments.findCard(workspaceId, trx)
          if (!card?.verified_at) throw new AppError('usage_billing_enable_failed')
        }
        const updated = await subscriptions.update(trx, workspaceId, {
          usage_based_billing: input.enabled,
          ...(cap !== undefined ? { max_character_limit_extension: cap } : {}),
        })
        return subscriptionInfo(updated, provider.testMode)
      })
    },
  }
}

export type AccountBillingService = ReturnType<typeof createAccountBillingService>
