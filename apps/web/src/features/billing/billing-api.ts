// Billing: plans, subscription changes, checkout and the built-in provider's portal, grants.
import { client, settle } from '../../lib/api'
import type {
  ChangeRequest,
  CheckoutRequest,
  CheckoutSession,
  GrantSession,
  Invoice,
  LocalPortal,
  PlanOffers,
  PromoValidation,
  SubscriptionInfo,
} from '../../lib/api-types'

export const getPlanOffers = (currency: 'usd' | 'eur'): Promise<PlanOffers> =>
  settle(client.GET('/v1/billing/plans', { params: { query: { currency } } }))
export const getSubscriptionInfo = (): Promise<SubscriptionInfo> =>
  settle(client.GET('/v1/billing/subscription-info'))
export const listInvoices = (): Promise<{ invoices: Invoice[] }> => settle(client.GET('/v1/billing/invoices'))
export const createCheckoutSession = (body: CheckoutRequest): Promise<{ url: string }> =>
  settle(client.POST('/create-checkout-session', { body }))
export const changeSubscription = (body: ChangeRequest): Promise<SubscriptionInfo> =>
  settle(client.POST('/change-subscription', { body }))
export const cancelDowngrade = (): Promise<SubscriptionInfo> => settle(client.POST('/cancel-downgrade'))
export const cancelSubscription = (): Promise<SubscriptionInfo> => settle(client.POST('/cancel-subscription'))
export const renewSubscription = (): Promise<SubscriptionInfo> => settle(client.POST('/renew-subscription'))
export const applyDiscount = (discountCode: string): Promise<SubscriptionInfo> =>
  settle(client.POST('/apply-discount', { body: { discount_code: discountCode } }))
export const validatePromocode = (promocode: string): Promise<PromoValidation> =>
  settle(client.POST('/validate-promocode', { body: { promocode } }))
export const getCheckoutSession = (sessionId: string): Promise<CheckoutSession> =>
  settle(
    client.GET('/v1/billing/local/checkout/{session_id}', { params: { path: { session_id: sessionId } } }),
  )
export type Purchase = Awaited<ReturnType<typeof getPurchase>>
/** A one-off purchase on the local test-mode page (a Productions order). */
export const getPurchase = (purchaseId: string) =>
  settle(
    client.GET('/v1/billing/local/purchases/{purchase_id}', {
      params: { path: { purchase_id: purchaseId } },
    }),
  )
export const payPurchase = (purchaseId: string, cardNumber: string) =>
  settle(
    client.POST('/v1/billing/local/purchases/{purchase_id}/pay', {
      params: { path: { purchase_id: purchaseId } },
      body: { card_number: cardNumber },
    }),
  )
export const payCheckoutSession = (sessionId: string, cardNumber: string): Promise<SubscriptionInfo> =>
  settle(
    client.POST('/v1/billing/local/checkout/{session_id}/pay', {
      params: { path: { session_id: sessionId } },
      body: { card_number: cardNumber },
    }),
  )

export const createPortalSession = (): Promise<{ url: string }> =>
  settle(client.POST('/create-portal-session'))
export const createPaymentMethodsSession = (): Promise<{ url: string }> =>
  settle(client.POST('/create-update-payment-methods-session'))
export const getLocalPortal = (): Promise<LocalPortal> => settle(client.GET('/v1/billing/local/portal'))
export const replaceLocalCard = (cardNumber: string): Promise<LocalPortal> =>
  settle(client.POST('/v1/billing/local/portal/payment-method', { body: { card_number: cardNumber } }))
export const getGrantSession = (sessionId: string): Promise<GrantSession> =>
  settle(
    client.GET('/v1/billing/grant-sessions/{session_id}', { params: { path: { session_id: sessionId } } }),
  )
export const acceptGrantSession = (sessionId: string): Promise<SubscriptionInfo> =>
  settle(
    client.POST('/v1/billing/grant-sessions/{session_id}/accept', {
      params: { path: { session_id: sessionId } },
    }),
  )
export const convertWorkspaceToGrant = (sessionId: string): Promise<SubscriptionInfo> =>
  settle(client.POST('/convert-paying-workspace-to-grant', { body: { session_id: sessionId } }))
