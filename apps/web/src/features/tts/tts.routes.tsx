import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'
import { ProductGuard } from '../workspace/product-guard'

const TtsPage = lazy(() => import('./tts-page').then((m) => ({ default: m.TtsPage })))

export const ttsRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.speechSynthesis}
        element={
          <Lazy>
            <ProductGuard permission="text_to_speech">
              <TtsPage />
            </ProductGuard>
          </Lazy>
        }
      />
    </>
  ),
}
