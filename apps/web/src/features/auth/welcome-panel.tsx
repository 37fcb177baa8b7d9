import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatCount } from '../../lib/format-count'
import { useConfig } from './use-session'

function Feature({ icon, title, body }: { icon: ReactNode; title: string; body: string }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/10 text-white ring-1 ring-white/15">
        {icon}
      </span>
      <div>
        <p className="font-medium text-white">{title}</p>
        <p className="mt-1 text-sm leading-relaxed text-accent-100/80">{body}</p>
      </div>
    </li>
  )
}

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const

/**
 * On large screens the auth pages show a welcome panel with three feature items. Each says
 * what this server really offers; the size of the voice library comes from the server.
 */
export function WelcomePanel() {
  const { t, i18n } = useTranslation()
  const catalogue = useConfig()?.catalogue
  const voicesTitle = catalogue
    ? t('auth.welcome.voicesTitle', {
        voices: formatCount(catalogue.voices, i18n.language),
        languages: formatCount(catalogue.languages, i18n.language),
      })
    : t('auth.welcome.voicesTitleUnknown')
  return (
    <aside className="relative hidden overflow-hidden bg-accent-900 lg:flex lg:w-[44%] lg:max-w-2xl lg:flex-col lg:justify-center lg:px-14 xl:px-20">
      <div
        aria-hidden="true"
        className="absolute -top-32 -right-32 size-96 rounded-full bg-accent-600/40 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-40 -left-24 size-96 rounded-full bg-accent-500/20 blur-3xl"
      />
      <div className="relative max-w-md">
        <h2 className="text-3xl font-semibold tracking-tight text-white">{t('auth.welcome.title')}</h2>
        <p className="mt-3 text-base text-accent-100/85">{t('auth.welcome.subtitle')}</p>
        <ul className="mt-10 space-y-7">
          <Feature
            title={t('auth.welcome.speechTitle')}
            body={t('auth.welcome.speechBody')}
            icon={
              <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" {...stroke}>
                <path d="M4 5.5h16v10H9l-5 4v-14Z" />
                <path d="M8.5 10.5h.01M12 10.5h.01M15.5 10.5h.01" strokeWidth="2.2" />
              </svg>
            }
          />
          <Feature
            title={t('auth.welcome.apiTitle')}
            body={t('auth.welcome.apiBody')}
            icon={
              <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" {...stroke}>
                <path d="M9 7V3.5M15 7V3.5M7 7h10v4a5 5 0 0 1-10 0V7ZM12 16v4.5" />
              </svg>
            }
          />
          <Feature
            title={voicesTitle}
            body={t('auth.welcome.voicesBody')}
            icon={
              <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" {...stroke}>
                <path d="M4 10v4M8 6.5v11M12 3.5v17M16 7.5v9M20 10.5v3" />
              </svg>
            }
          />
        </ul>
      </div>
    </aside>
  )
}
