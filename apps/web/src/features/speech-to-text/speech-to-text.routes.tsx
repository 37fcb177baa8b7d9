import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'
import { ProductGuard } from '../workspace/product-guard'

const SpeechToTextPage = lazy(() =>
  import('./speech-to-text-page').then((m) => ({ default: m.SpeechToTextPage })),
)
const TranscriptPage = lazy(() => import('./transcript-page').then((m) => ({ default: m.TranscriptPage })))

export const speechToTextRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.speechToText}
        element={
          <Lazy>
            <ProductGuard permission="speech_to_text">
              <SpeechToTextPage />
            </ProductGuard>
          </Lazy>
        }
      />
      <Route
        path={routes.speechToTextTranscript}
        element={
          <Lazy>
            <ProductGuard permission="speech_to_text">
              <TranscriptPage />
            </ProductGuard>
          </Lazy>
        }
      />
    </>
  ),
}
