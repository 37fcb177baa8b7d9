import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const VoiceLibraryPage = lazy(() =>
  import('./voice-library-page').then((m) => ({ default: m.VoiceLibraryPage })),
)

export const voiceLibraryRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.voiceLibrary}
        element={
          <Lazy>
            <VoiceLibraryPage />
          </Lazy>
        }
      />
    </>
  ),
}
