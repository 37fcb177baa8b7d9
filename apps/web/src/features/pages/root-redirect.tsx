import { useTranslation } from 'react-i18next'
import { Navigate, useSearchParams } from 'react-router'
import { PageSpinner } from '../../components/spinner'
import { routes, withQuery } from '../../routes'
import { GoTo } from '../auth/go-to'
import { usePostLoginTarget } from '../auth/use-post-login'
import { useSession } from '../auth/use-session'

/** `/`: home when signed in, else sign-in. */
export function RootRedirect() {
  const { t } = useTranslation()
  const session = useSession()
  if (session.status === 'loading') return <PageSpinner label={t('common.loading')} />
  return <Navigate to={session.status === 'signedIn' ? routes.home : routes.signIn} replace />
}

/**
 * `/redirect?redirect=<path>`: signed in, the post-login target (the allow-list applies);
 * signed out, sign-in carrying the redirect along.
 */
export function RedirectPage() {
  const { t } = useTranslation()
  const session = useSession()
  const [params] = useSearchParams()
  const targetFor = usePostLoginTarget()
  if (session.status === 'loading') return <PageSpinner label={t('common.loading')} />
  if (session.status !== 'signedIn') {
    return <Navigate to={withQuery(routes.signIn, { redirect: params.get('redirect') })} replace />
  }
  return <GoTo to={targetFor(session.user)} />
}
