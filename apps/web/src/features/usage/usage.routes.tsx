import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const UsagePage = lazy(() => import('./usage-page').then((m) => ({ default: m.UsagePage })))

export const usageRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.usage}
        element={
          <Lazy>
            <UsagePage />
          </Lazy>
        }
      />
    </>
  ),
}
