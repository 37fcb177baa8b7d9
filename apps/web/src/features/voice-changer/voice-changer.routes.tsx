import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const VoiceChangerPage = lazy(() =>
  import('./voice-changer-page').then((m) => ({ default: m.VoiceChangerPage })),
)

export const voiceChangerRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.voiceChanger}
        element={
          <Lazy>
            <VoiceChangerPage />
          </Lazy>
        }
      />
    </>
  ),
}
