import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Alert } from '../../components/alert'
import { routes } from '../../routes'
import { AuthLink } from './auth-exit'
import { AuthHeading } from './auth-layout'
import { authLink, readAuthQuery } from './auth-query'

/** Single sign-on needs workspace SSO settings, which are not built yet; until then, say so. */
export function ContinueWithSsoPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const query = { ...readAuthQuery(params), useSso: false }
  return (
    <>
      <AuthHeading title={t('auth.sso.title')} />
      <Alert>{t('auth.sso.notice')}</Alert>
      <p className="mt-6 text-center text-sm">
        <AuthLink to={authLink(routes.signIn, query)}>{t('auth.sso.useEmail')}</AuthLink>
      </p>
    </>
  )
}
