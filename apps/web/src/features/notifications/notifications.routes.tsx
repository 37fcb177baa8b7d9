import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const NotificationsPage = lazy(() =>
  import('./notifications-page').then((m) => ({ default: m.NotificationsPage })),
)

export const notificationsRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.notifications}
        element={
          <Lazy>
            <NotificationsPage />
          </Lazy>
        }
      />
    </>
  ),
}
