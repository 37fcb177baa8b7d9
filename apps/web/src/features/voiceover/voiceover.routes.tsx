import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'
import { ProductGuard } from '../workspace/product-guard'

const VoiceoverPage = lazy(() => import('./voiceover-page').then((m) => ({ default: m.VoiceoverPage })))
const VoiceoverEditorPage = lazy(() =>
  import('./voiceover-editor-page').then((m) => ({ default: m.VoiceoverEditorPage })),
)

export const voiceoverRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.voiceover}
        element={
          <Lazy>
            <ProductGuard permission="voiceover_studio">
              <VoiceoverPage />
            </ProductGuard>
          </Lazy>
        }
      />
      <Route
        path={routes.voiceoverProject}
        element={
          <Lazy>
            <ProductGuard permission="voiceover_studio">
              <VoiceoverEditorPage />
            </ProductGuard>
          </Lazy>
        }
      />
    </>
  ),
}
