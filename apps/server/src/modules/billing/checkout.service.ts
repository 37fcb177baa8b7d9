import { billingCurrency } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { bindUseCases } from '../../platform/use-cases.js'
import { createCheckout } from './checkout-create.js'
import type { CheckoutDeps } from './checkout-deps.js'
import { payCheckout } from './checkout-pay.js'
import { billingPeriodOf } from './subscription-state.js'

export * from './checkout-deps.js'

/** Checkout: opening a session, showing it, and paying it on the local test-mode provider. */
export function createCheckoutService(deps: CheckoutDeps) {
  const { payments, provider } = deps

  return {
    ...bindUseCases(deps, { create: createCheckout, pay: payCheckout }),

    async describe(workspaceId: string, sessionId: string) {
      const session = await payments.findSession(workspaceId, sessionId)
      // A grant's acceptance session is not a checkout: it is accepted, never paid.
      if (session?.kind !== 'subscription') throw new AppError('checkout_session_not_found')
      return {
        session_id: session.id,
        status:
          session.status === 'open' && session.expires_at <= deps.now()
            ? ('expired' as const)
            : session.status,
        subscription_type: session.tier,
        billing_period: billingPeriodOf(session.billing_period),
        currency: billingCurrency(session.currency),
        promocode: session.promocode,
        list_price_cents: session.list_price_cents,
        amount_due_cents: session.amount_due_cents,
        provider: session.provider,
        test_mode: provider.testMode,
      }
    },
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>
