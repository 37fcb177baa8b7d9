import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const VoiceDesignPage = lazy(() =>
  import('./voice-design-page').then((m) => ({ default: m.VoiceDesignPage })),
)

export const voiceDesignRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.voiceDesign}
        element={
          <Lazy>
            <VoiceDesignPage />
          </Lazy>
        }
      />
    </>
  ),
}
