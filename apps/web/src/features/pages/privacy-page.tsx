import { useTranslation } from 'react-i18next'
import { CenteredLayout } from '../../components/centered-layout'

export function PrivacyPage() {
  const { t } = useTranslation()
  return (
    <CenteredLayout wide>
      <article className="pt-6 sm:pt-12">
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('privacy.title')}</h1>
        <div className="mt-6 max-w-prose space-y-4 text-sm leading-relaxed text-neutral-700">
          <p>{t('privacy.selfHosted')}</p>
          <p>{t('privacy.noTracking')}</p>
          <p>{t('privacy.operator')}</p>
        </div>
      </article>
    </CenteredLayout>
  )
}
