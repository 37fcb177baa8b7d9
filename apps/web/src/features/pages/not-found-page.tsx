import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../components/button'
import { CenteredLayout, MessageCard } from '../../components/centered-layout'

export function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <CenteredLayout>
      <MessageCard title={t('errors.notFoundTitle')} body={t('errors.notFoundBody')}>
        <Link to="/" className={buttonClass('primary')}>
          {t('common.goHome')}
        </Link>
      </MessageCard>
    </CenteredLayout>
  )
}
