import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const WorkspaceAnalyticsPage = lazy(() =>
  import('./analytics-page').then((m) => ({
    default: m.WorkspaceAnalyticsPage,
  })),
)
const AuditLogPage = lazy(() => import('./audit-log-page').then((m) => ({ default: m.AuditLogPage })))

export const workspaceAnalyticsRoutes: FeatureRoutes = {
  workspaceSettings: (
    <>
      <Route
        path={routes.workspaceAnalytics}
        element={
          <Lazy>
            <WorkspaceAnalyticsPage />
          </Lazy>
        }
      />
      <Route
        path={routes.workspaceAuditLog}
        element={
          <Lazy>
            <AuditLogPage />
          </Lazy>
        }
      />
    </>
  ),
}
