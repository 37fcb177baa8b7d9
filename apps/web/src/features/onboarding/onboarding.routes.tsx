import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const SurveyPage = lazy(() => import('./survey-page').then((m) => ({ default: m.SurveyPage })))

export const onboardingRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.onboarding}
        element={
          <Lazy>
            <SurveyPage />
          </Lazy>
        }
      />
    </>
  ),
}
