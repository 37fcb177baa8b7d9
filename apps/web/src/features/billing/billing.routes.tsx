import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const PricingPage = lazy(() => import('./pricing-page').then((m) => ({ default: m.PricingPage })))
const CheckoutPage = lazy(() => import('./checkout-page').then((m) => ({ default: m.CheckoutPage })))
const PurchasePage = lazy(() => import('./purchase-page').then((m) => ({ default: m.PurchasePage })))
const BillingPortalPage = lazy(() => import('./portal-page').then((m) => ({ default: m.BillingPortalPage })))
const PaymentMethodPage = lazy(() =>
  import('./payment-method-page').then((m) => ({ default: m.PaymentMethodPage })),
)
const GrantAcceptancePage = lazy(() =>
  import('./grant-page').then((m) => ({ default: m.GrantAcceptancePage })),
)
const SubscriptionPage = lazy(() =>
  import('./subscription-page').then((m) => ({ default: m.SubscriptionPage })),
)

export const billingRoutes: FeatureRoutes = {
  page: (
    <>
      <Route
        path={routes.pricing}
        element={
          <Lazy>
            <PricingPage />
          </Lazy>
        }
      />
      <Route
        path={routes.checkout}
        element={
          <Lazy>
            <CheckoutPage />
          </Lazy>
        }
      />
      <Route
        path={routes.checkoutPurchase}
        element={
          <Lazy>
            <PurchasePage />
          </Lazy>
        }
      />
      <Route
        path={routes.billingPortal}
        element={
          <Lazy>
            <BillingPortalPage />
          </Lazy>
        }
      />
      <Route
        path={routes.billingPaymentMethod}
        element={
          <Lazy>
            <PaymentMethodPage />
          </Lazy>
        }
      />
      <Route
        path={routes.grantAcceptance}
        element={
          <Lazy>
            <GrantAcceptancePage />
          </Lazy>
        }
      />
    </>
  ),
  app: (
    <>
      <Route
        path={routes.subscription}
        element={
          <Lazy>
            <SubscriptionPage />
          </Lazy>
        }
      />
    </>
  ),
}
