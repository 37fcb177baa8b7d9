import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const ApiKeysPage = lazy(() => import('./api-keys-page').then((m) => ({ default: m.ApiKeysPage })))

export const apiKeysRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.apiKeys}
        element={
          <Lazy>
            <ApiKeysPage />
          </Lazy>
        }
      />
    </>
  ),
}
