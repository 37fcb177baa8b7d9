import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const HistoryPage = lazy(() => import('./history-page').then((m) => ({ default: m.HistoryPage })))

export const historyRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.history}
        element={
          <Lazy>
            <HistoryPage />
          </Lazy>
        }
      />
    </>
  ),
}
