import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'
import { ProductGuard } from '../workspace/product-guard'

const AgentsPage = lazy(() => import('./agents-page').then((m) => ({ default: m.AgentsPage })))
const AgentPage = lazy(() => import('./agent-page').then((m) => ({ default: m.AgentPage })))

export const agentsRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.agents}
        element={
          <Lazy>
            <ProductGuard permission="conversational_ai">
              <AgentsPage />
            </ProductGuard>
          </Lazy>
        }
      />
      <Route
        path={routes.agent}
        element={
          <Lazy>
            <ProductGuard permission="conversational_ai">
              <AgentPage />
            </ProductGuard>
          </Lazy>
        }
      />
    </>
  ),
}
