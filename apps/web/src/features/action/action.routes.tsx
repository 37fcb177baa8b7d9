import { Route } from 'react-router'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'
import { ActionPage } from './action-page'

export const actionRoutes: FeatureRoutes = {
  page: (
    <>
      <Route path={routes.action} element={<ActionPage />} />
    </>
  ),
}
