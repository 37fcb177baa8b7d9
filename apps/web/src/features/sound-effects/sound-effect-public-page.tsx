import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { Alert } from '../../components/alert'
import { buttonClass } from '../../components/button'
import { LocalePicker } from '../../components/locale-picker'
import { Logo } from '../../components/logo'
import { pathTo, routes } from '../../routes'
import { Waveform } from '../player/waveform'
import { ThemeToggle } from '../theme/theme-toggle'
import { getExploreSlug } from './explore-api'

/** An example's audio: its waveform (played part in the accent colour, a click seeks) over the controls. */
function ExampleAudio({ src }: { src: string }) {
  const audio = useRef<HTMLAudioElement>(null)
  const [progress, setProgress] = useState(0)
  return (
    <div className="mt-3">
      <Waveform
        source={src}
        progress={progress}
        onSeek={(fraction) => {
          const element = audio.current
          if (!element || !Number.isFinite(element.duration)) return
          element.currentTime = fraction * element.duration
          void element.play()
        }}
      />
      {/* biome-ignore lint/a11y/useMediaCaption: generated sound effects have no speech to caption */}
      <audio
        ref={audio}
        controls
        preload="metadata"
        src={src}
        className="mt-2 w-full"
        onTimeUpdate={(event) => {
          const { currentTime, duration } = event.currentTarget
          setProgress(Number.isFinite(duration) && duration > 0 ? currentTime / duration : 0)
        }}
      />
    </div>
  )
}

/** /sound-effects/{slug}: a readable page per category or example, each with its audio. */
export function SoundEffectPublicPage() {
  const { t } = useTranslation()
  const { slug = '' } = useParams()
  const page = useQuery({ queryKey: ['sfx-slug', slug], queryFn: () => getExploreSlug(slug) })
  const category = page.data?.category
  const examples = page.data?.example ? [page.data.example] : (category?.examples ?? [])
  return (
    <div className="min-h-dvh bg-neutral-50">
      <header className="flex items-center gap-2 border-b border-neutral-200 bg-white px-4 py-3 sm:px-8">
        <Logo to={routes.home} />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LocalePicker compact />
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
        {page.isError && <Alert tone="error">{t('soundEffects.public.notFound')}</Alert>}
        {category && (
          <>
            <p className="text-sm font-medium text-accent-700">
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
                <li
                  key={example.slug}
                  className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs"
                >
                  <h2 className="text-base font-semibold text-neutral-900">
                    <Link to={pathTo('soundEffect', { slug: example.slug })} className="hover:underline">
                      {example.text}
                    </Link>
                  </h2>
                  <p className="text-xs text-neutral-500 tabular-nums">
                    {t('soundEffects.public.length', { seconds: example.duration_seconds })}
                  </p>
                  <ExampleAudio src={example.audio_url} />
                </li>
              ))}
            </ul>
            <Link to={routes.soundEffects} className={buttonClass('primary', 'mt-8')}>
              {t('soundEffects.public.cta')}
            </Link>
          </>
        )}
      </main>
    </div>
  )
}
