import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const EmailRevertPage = lazy(() =>
  import('./email-revert-page').then((m) => ({ default: m.EmailRevertPage })),
)
const AlphaAccessPage = lazy(() =>
  import('./alpha-access-page').then((m) => ({ default: m.AlphaAccessPage })),
)

export const consentRoutes: FeatureRoutes = {
  page: (
    <Route
      path={routes.emailRevert}
      element={
        <Lazy>
          <EmailRevertPage />
        </Lazy>
      }
    />
  ),
  app: (
    <Route
      path={routes.requestAlphaAccess}
      element={
        <Lazy>
          <AlphaAccessPage />
        </Lazy>
      }
    />
  ),
}
