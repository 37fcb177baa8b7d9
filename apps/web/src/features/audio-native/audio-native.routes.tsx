import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'
import { ProductGuard } from '../workspace/product-guard'

const AudioNativePage = lazy(() =>
  import('./audio-native-page').then((m) => ({ default: m.AudioNativePage })),
)

export const audioNativeRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.audioNative}
        element={
          <Lazy>
            <ProductGuard permission="audio_native">
              <AudioNativePage />
            </ProductGuard>
          </Lazy>
        }
      />
    </>
  ),
}
