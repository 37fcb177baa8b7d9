import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'
import { ProductGuard } from '../workspace/product-guard'

const VoiceIsolatorPage = lazy(() =>
  import('./voice-isolator-page').then((m) => ({ default: m.VoiceIsolatorPage })),
)

export const audioIsolationRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.voiceIsolator}
        element={
          <Lazy>
            <ProductGuard permission="voice_isolator">
              <VoiceIsolatorPage />
            </ProductGuard>
          </Lazy>
        }
      />
    </>
  ),
}
