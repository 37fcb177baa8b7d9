import { Route } from 'react-router'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'
import { AffiliatesPage } from './affiliates-page'

export const referralsRoutes: FeatureRoutes = {
  app: <Route path={routes.affiliates} element={<AffiliatesPage />} />,
}
