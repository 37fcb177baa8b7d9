import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const OrdersPage = lazy(() => import('./orders-page').then((m) => ({ default: m.OrdersPage })))
const OrderPage = lazy(() => import('./order-page').then((m) => ({ default: m.OrderPage })))
const ProducerPage = lazy(() => import('./producer-page').then((m) => ({ default: m.ProducerPage })))
const ReviewPage = lazy(() => import('./review-page').then((m) => ({ default: m.ReviewPage })))

export const productionsRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.productions}
        element={
          <Lazy>
            <OrdersPage />
          </Lazy>
        }
      />
      <Route
        path={routes.productionsWork}
        element={
          <Lazy>
            <ProducerPage />
          </Lazy>
        }
      />
      <Route
        path={routes.productionsReview}
        element={
          <Lazy>
            <ReviewPage />
          </Lazy>
        }
      />
      <Route
        path={routes.productionsOrder}
        element={
          <Lazy>
            <OrderPage />
          </Lazy>
        }
      />
    </>
  ),
}
