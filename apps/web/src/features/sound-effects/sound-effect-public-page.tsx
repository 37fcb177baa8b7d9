import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { Alert } from '../../components/alert'
import { buttonClass } from '../../components/button'
import { Logo } from '../../components/logo'
import { pathTo, routes } from '../../routes'
import { getExploreSlug } from './explore-api'

/** /sound-effects/{slug}: a readable page per category or example, each with its audio. */
export function SoundEffectPublicPage() {
  const { t } = useTranslation()
  const { slug = '' } = useParams()
  const page = useQuery({ queryKey: ['sfx-slug', slug], queryFn: () => getExploreSlug(slug) })
  const category = page.data?.category
  const examples = page.data?.example ? [page.data.example] : (category?.examples ?? [])
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <Logo to={routes.home} />
      {page.isError && (
        <Alert tone="error" className="mt-8">
          {t('soundEffects.public.notFound')}
        </Alert>
      )}
      {category && (
        <>
          <p className="mt-8 text-sm font-medium text-accent-700">
            <Link to={pathTo('soundEffect', { slug: category.slug })} className="hover:underline">
              {t(`soundEffects.categories.${category.slug as 'nature'}`)}
            </Link>
          </p>
          <h1 className="mt-1 text-3xl font-semibold tracking-tight text-neutral-900">
            {page.data?.example?.text ??
              t('soundEffects.public.categoryTitle', {
                category: t(`soundEffects.categories.${category.slug as 'nature'}`),
              })}
          </h1>
          <p className="mt-2 text-neutral-600">{t('soundEffects.public.intro')}</p>
          <ul className="mt-6 space-y-4">
            {examples.map((example) => (
              <li key={example.slug} className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs">
                <h2 className="text-base font-semibold text-neutral-900">
                  <Link to={pathTo('soundEffect', { slug: example.slug })} className="hover:underline">
                    {example.text}
                  </Link>
                </h2>
                <p className="text-xs text-neutral-500 tabular-nums">
                  {t('soundEffects.public.length', { seconds: example.duration_seconds })}
                </p>
                {/* biome-ignore lint/a11y/useMediaCaption: generated sound effects have no speech to caption */}
                <audio controls preload="none" src={example.audio_url} className="mt-3 w-full" />
              </li>
            ))}
          </ul>
          <Link to={routes.soundEffects} className={buttonClass('primary', 'mt-8')}>
            {t('soundEffects.public.cta')}
          </Link>
        </>
      )}
    </main>
  )
}
