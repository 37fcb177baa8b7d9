import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const TwoFactorPage = lazy(() => import('./two-factor-page').then((m) => ({ default: m.TwoFactorPage })))
const WorkspaceSecurityPage = lazy(() =>
  import('./workspace-security-page').then((m) => ({ default: m.WorkspaceSecurityPage })),
)

export const twoFactorRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.twoFactor}
        element={
          <Lazy>
            <TwoFactorPage />
          </Lazy>
        }
      />
    </>
  ),
  workspaceSettings: (
    <>
      <Route
        path={routes.workspaceSecurity}
        element={
          <Lazy>
            <WorkspaceSecurityPage />
          </Lazy>
        }
      />
    </>
  ),
}
