import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'
import { ProductGuard } from '../workspace/product-guard'

const KnowledgeBasePage = lazy(() =>
  import('./knowledge-base-page').then((m) => ({ default: m.KnowledgeBasePage })),
)

export const knowledgeBaseRoutes: FeatureRoutes = {
  app: (
    <Route
      path={routes.knowledgeBase}
      element={
        <Lazy>
          <ProductGuard permission="conversational_ai">
            <KnowledgeBasePage />
          </ProductGuard>
        </Lazy>
      }
    />
  ),
}
