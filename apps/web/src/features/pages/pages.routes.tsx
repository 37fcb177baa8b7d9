import { Route } from 'react-router'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'
import { PlaceholderPage } from './placeholder-page'
import { PrivacyPage } from './privacy-page'
import { RedirectPage } from './root-redirect'

export const pagesRoutes: FeatureRoutes = {
  page: (
    <>
      <Route path={routes.redirect} element={<RedirectPage />} />
      <Route path={routes.privacy} element={<PrivacyPage />} />
    </>
  ),
  app: (
    <>
      <Route path={routes.assistant} element={<PlaceholderPage page="assistant" />} />
      <Route path={routes.convaiDashboard} element={<PlaceholderPage page="convai" />} />
      <Route path={routes.integrationCallback} element={<PlaceholderPage page="integrations" />} />
      <Route path={routes.voiceLabShare} element={<PlaceholderPage page="voiceLabShare" />} />
    </>
  ),
}
