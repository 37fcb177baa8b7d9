import { useTranslation } from 'react-i18next'
import { CenteredLayout } from '../../components/centered-layout'

// Pages whose feature is not built yet: a real title and an honest notice, no data.
export const PLACEHOLDER_PAGES = [
  'affiliates',
  'audioNative',
  'requestAlphaAccess',
  'dubs',
  'studio',
  'soundEffects',
  'voiceLabShare',
  'convai',
  'assistant',
  'integrations',
] as const

export type PlaceholderKey = (typeof PLACEHOLDER_PAGES)[number] | 'onboarding'

export function PlaceholderBody({ page }: { page: PlaceholderKey }) {
  const { t } = useTranslation()
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t(`pages.${page}.title`)}</h1>
      <p className="mt-4 inline-flex items-center gap-2 rounded-lg border border-neutral-200 bg-neutral-50 px-3.5 py-2.5 text-sm text-neutral-600">
        <span aria-hidden="true" className="size-1.5 rounded-full bg-accent-500" />
        {t(`pages.${page}.notice`)}
      </p>
    </div>
  )
}

/** Inside the app shell. */
export function PlaceholderPage({ page }: { page: PlaceholderKey }) {
  return <PlaceholderBody page={page} />
}

/** Public pages outside /app (sound-effect landing pages). */
export function PublicPlaceholderPage({ page }: { page: PlaceholderKey }) {
  return (
    <CenteredLayout wide>
      <div className="pt-6 sm:pt-12">
        <PlaceholderBody page={page} />
      </div>
    </CenteredLayout>
  )
}
