import { useTranslation } from 'react-i18next'
import { creditsLeft, formatCount } from '../../lib/format-count'
import { useSession } from '../auth/use-session'
import { VerifyEmailNotice } from '../auth/verify-email-notice'
import { displayName } from '../shell/display-name'

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
      <section aria-labelledby="credits-title" className="max-w-md rounded-2xl border border-neutral-200 p-6">
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
    </div>
  )
}
