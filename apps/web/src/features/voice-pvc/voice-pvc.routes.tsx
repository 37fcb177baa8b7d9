import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const PvcPage = lazy(() => import('./pvc-page').then((m) => ({ default: m.PvcPage })))

export const voicePvcRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.voicePvc}
        element={
          <Lazy>
            <PvcPage />
          </Lazy>
        }
      />
    </>
  ),
}
