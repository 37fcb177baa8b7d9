import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'
import { ProductGuard } from '../workspace/product-guard'

const SoundEffectPublicPage = lazy(() =>
  import('./sound-effect-public-page').then((m) => ({
    default: m.SoundEffectPublicPage,
  })),
)
const SoundEffectsPage = lazy(() =>
  import('./sound-effects-page').then((m) => ({ default: m.SoundEffectsPage })),
)

export const soundEffectsRoutes: FeatureRoutes = {
  page: (
    <>
      <Route
        path={routes.soundEffect}
        element={
          <Lazy>
            <SoundEffectPublicPage />
          </Lazy>
        }
      />
    </>
  ),
  app: (
    <>
      <Route
        path={routes.soundEffects}
        element={
          <Lazy>
            <ProductGuard permission="sound_effects">
              <SoundEffectsPage />
            </ProductGuard>
          </Lazy>
        }
      />
    </>
  ),
}
