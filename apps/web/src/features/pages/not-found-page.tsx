import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../components/button'
import { CenteredLayout, MessageCard } from '../../components/centered-layout'

/** The not-found card alone, for unknown paths inside the app shell. */
export function NotFoundBody() {
  const { t } = useTranslation()
  return (
    <MessageCard title={t('errors.notFoundTitle')} body={t('errors.notFoundBody')}>
      <Link to="/" className={buttonClass('primary')}>
        {t('common.goHome')}
      </Link>
    </MessageCard>
  )
}

export function NotFoundPage() {
  return (
    <CenteredLayout>
      <NotFoundBody />
    </CenteredLayout>
  )
}
