import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'
import { ProductGuard } from '../workspace/product-guard'

const MusicPage = lazy(() => import('./music-page').then((m) => ({ default: m.MusicPage })))

export const musicRoutes: FeatureRoutes = {
  app: (
    <Route
      path={routes.music}
      element={
        <Lazy>
          <ProductGuard permission="music">
            <MusicPage />
          </ProductGuard>
        </Lazy>
      }
    />
  ),
}
