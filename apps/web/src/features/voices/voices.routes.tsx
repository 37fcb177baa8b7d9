import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const VoicesPage = lazy(() => import('./voices-page').then((m) => ({ default: m.VoicesPage })))

export const voicesRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.voices}
        element={
          <Lazy>
            <VoicesPage />
          </Lazy>
        }
      />
    </>
  ),
}
