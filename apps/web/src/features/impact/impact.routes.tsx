import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const ImpactPage = lazy(() => import('./impact-page').then((m) => ({ default: m.ImpactPage })))

export const impactRoutes: FeatureRoutes = {
  app: (
    <Route
      path={routes.impactProgram}
      element={
        <Lazy>
          <ImpactPage />
        </Lazy>
      }
    />
  ),
}
