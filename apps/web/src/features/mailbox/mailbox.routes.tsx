import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const MailboxPage = lazy(() => import('./mailbox-page').then((m) => ({ default: m.MailboxPage })))

export const mailboxRoutes: FeatureRoutes = {
  page: (
    <>
      <Route
        path={routes.mailbox}
        element={
          <Lazy>
            <MailboxPage />
          </Lazy>
        }
      />
    </>
  ),
}
