import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const ProfilePage = lazy(() => import('./profile-page').then((m) => ({ default: m.ProfilePage })))

export const accountRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.profile}
        element={
          <Lazy>
            <ProfilePage />
          </Lazy>
        }
      />
    </>
  ),
}
