import { Route } from 'react-router'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'
import { HomePage } from './home-page'

export const homeRoutes: FeatureRoutes = {
  app: (
    <>
      <Route path={routes.home} element={<HomePage />} />
    </>
  ),
}
