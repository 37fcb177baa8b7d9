import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'
import { ProductGuard } from '../workspace/product-guard'

const DubbingPage = lazy(() => import('./dubbing-page').then((m) => ({ default: m.DubbingPage })))
const DubPage = lazy(() => import('./dub-page').then((m) => ({ default: m.DubPage })))

export const dubbingRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.dubs}
        element={
          <Lazy>
            <ProductGuard permission="dubbing">
              <DubbingPage />
            </ProductGuard>
          </Lazy>
        }
      />
      <Route
        path={routes.dubsDub}
        element={
          <Lazy>
            <ProductGuard permission="dubbing">
              <DubPage />
            </ProductGuard>
          </Lazy>
        }
      />
    </>
  ),
}
