import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'
import { ProductGuard } from '../workspace/product-guard'

const TestsPage = lazy(() => import('./tests-page').then((m) => ({ default: m.TestsPage })))
const BatchCallsPage = lazy(() => import('./batch-calls-page').then((m) => ({ default: m.BatchCallsPage })))
const PhoneNumbersPage = lazy(() =>
  import('./phone-numbers-page').then((m) => ({ default: m.PhoneNumbersPage })),
)

const AgentAnalyticsPage = lazy(() =>
  import('./analytics-page').then((m) => ({ default: m.AgentAnalyticsPage })),
)

const guarded = (page: React.ReactNode) => (
  <Lazy>
    <ProductGuard permission="conversational_ai">{page}</ProductGuard>
  </Lazy>
)

export const agentOpsRoutes: FeatureRoutes = {
  app: (
    <>
      <Route path={routes.agentTests} element={guarded(<TestsPage />)} />
      <Route path={routes.agentBatchCalls} element={guarded(<BatchCallsPage />)} />
      <Route path={routes.agentPhoneNumbers} element={guarded(<PhoneNumbersPage />)} />
      <Route path={routes.agentAnalytics} element={guarded(<AgentAnalyticsPage />)} />
    </>
  ),
}
