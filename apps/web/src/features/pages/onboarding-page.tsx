import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { buttonClass } from '../../components/button'
import { routes } from '../../routes'
import { allowedRedirectPath } from '../auth/redirect-allow-list'
import { PlaceholderBody } from './placeholder-page'

/** Onboarding arrives later; its Continue already honours `finalRedirect`. */
export function OnboardingPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const next = allowedRedirectPath(params.get('finalRedirect'), window.location.origin) ?? routes.home
  const className = buttonClass('primary', 'mt-6')
  return (
    <div>
      <PlaceholderBody page="onboarding" />
      {next.startsWith('/v1/') ? (
        <a href={next} className={className}>
          {t('common.continue')}
        </a>
      ) : (
        <Link to={next} className={className}>
          {t('common.continue')}
        </Link>
      )}
    </div>
  )
}
