import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Icon } from '../../components/icon'
import { creditsLeft, formatCount } from '../../lib/format-count'
import { routes } from '../../routes'
import { useSession } from '../auth/use-session'
import { VerifyEmailNotice } from '../auth/verify-email-notice'
import { displayName } from '../shell/display-name'

const QUICK_LINKS = [
  { key: 'tts', to: routes.speechSynthesis, icon: 'speech' },
  { key: 'history', to: routes.history, icon: 'history' },
] as const

export function HomePage() {
  const { t, i18n } = useTranslation()
  const session = useSession()
  if (session.status !== 'signedIn') return null
  const { user } = session
  const { character_count: used, character_limit: limit } = user.subscription
  const share = limit > 0 ? Math.min(100, (used / limit) * 100) : 0
  const format = (n: number) => formatCount(n, i18n.language)
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">
          {t('home.greeting', { name: displayName(user) })}
        </h1>
        <p className="mt-1 text-sm text-neutral-600">{t('home.subtitle')}</p>
      </div>
      {!user.is_email_verified && (
        <VerifyEmailNotice email={user.email} reason={t('verify.body', { email: user.email })} />
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <section aria-labelledby="credits-title" className="rounded-2xl border border-neutral-200 p-6">
          <h2 id="credits-title" className="text-sm font-medium text-neutral-600">
            {t('home.creditsTitle')}
          </h2>
          <p className="mt-2 text-4xl font-semibold tracking-tight text-neutral-900">
            {format(creditsLeft(user.subscription))}
          </p>
          <div
            className="mt-4 h-2 overflow-hidden rounded-full bg-neutral-100"
            role="progressbar"
            aria-label={t('home.creditsUsed', { used: format(used), limit: format(limit) })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(share)}
          >
            <div className="h-full rounded-full bg-accent-600" style={{ width: `${share}%` }} />
          </div>
          <p className="mt-2 text-xs text-neutral-500">
            {t('home.creditsUsed', { used: format(used), limit: format(limit) })} ·{' '}
            {t('home.plan', { tier: user.subscription.tier })}
          </p>
        </section>
        {QUICK_LINKS.map((link) => (
          <Link
            key={link.key}
            to={link.to}
            className="group flex flex-col rounded-2xl border border-neutral-200 p-6 transition-colors hover:border-neutral-300 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-accent-600"
          >
            <span className="flex size-10 items-center justify-center rounded-xl bg-accent-50 text-accent-700">
              <Icon name={link.icon} className="size-5" />
            </span>
            <span className="mt-4 text-base font-semibold text-neutral-900">
              {t(`home.quick.${link.key}.title`)}
            </span>
            <span className="mt-1 text-sm text-neutral-600">{t(`home.quick.${link.key}.body`)}</span>
          </Link>
        ))}
      </div>
    </div>
  )
}
