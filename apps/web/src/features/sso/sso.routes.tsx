import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const SsoSettingsPage = lazy(() =>
  import('./sso-settings-page').then((m) => ({ default: m.SsoSettingsPage })),
)
const VerifiedDomainsPage = lazy(() =>
  import('./verified-domains-page').then((m) => ({ default: m.VerifiedDomainsPage })),
)
const AutoProvisioningPage = lazy(() =>
  import('./auto-provisioning-page').then((m) => ({ default: m.AutoProvisioningPage })),
)

export const ssoRoutes: FeatureRoutes = {
  workspaceSettings: (
    <>
      <Route
        path={routes.workspaceSso}
        element={
          <Lazy>
            <SsoSettingsPage />
          </Lazy>
        }
      />
      <Route
        path={routes.workspaceDomains}
        element={
          <Lazy>
            <VerifiedDomainsPage />
          </Lazy>
        }
      />
      <Route
        path={routes.workspaceAutoProvisioning}
        element={
          <Lazy>
            <AutoProvisioningPage />
          </Lazy>
        }
      />
    </>
  ),
}
