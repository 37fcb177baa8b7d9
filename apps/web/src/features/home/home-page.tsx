import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Icon } from '../../components/icon'
import { creditsLeft, formatCount } from '../../lib/format-count'
import { routes } from '../../routes'
import { useSession } from '../auth/use-session'
import { VerifyEmailNotice } from '../auth/verify-email-notice'
import { planName } from '../billing/format'
import { ChecklistPanel } from '../onboarding/checklist-panel'
import { useChecklist } from '../onboarding/use-checklist'
import { displayName } from '../shell/display-name'
import { RecentHistory } from './recent-history'

const QUICK_ACTIONS = [
  { key: 'tts', to: routes.speechSynthesis, icon: 'speech' },
  { key: 'history', to: routes.history, icon: 'history' },
  { key: 'apiKeys', to: routes.apiKeys, icon: 'key' },
] as const

export function HomePage() {
  const { t, i18n } = useTranslation()
  const session = useSession()
  const checklistOpen = session.user ? !session.user.is_onboarding_checklist_completed : false
  const checklist = useChecklist(checklistOpen)
  if (session.status !== 'signedIn') return null
  const { user } = session
  const { character_count: used, character_limit: limit } = user.subscription
  const share = limit > 0 ? Math.min(100, (used / limit) * 100) : 0
  const format = (n: number) => formatCount(n, i18n.language)
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] text-neutral-900">
          {t('home.greeting', { name: displayName(user) })}
        </h1>
        <p className="mt-1 text-sm text-neutral-600">{t('home.subtitle')}</p>
      </div>
      {!user.is_email_verified && (
        <VerifyEmailNotice email={user.email} reason={t('verify.body', { email: user.email })} />
      )}
      <section aria-labelledby="quick-title">
        <h2 id="quick-title" className="sr-only">
          {t('home.quickTitle')}
        </h2>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {QUICK_ACTIONS.map((action) => (
            <Link
              key={action.key}
              to={action.to}
              className="group flex items-start gap-3 rounded-2xl border border-neutral-200 bg-white p-4 transition-colors hover:border-neutral-300 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-accent-600 sm:flex-col sm:p-5"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-700">
                <Icon name={action.icon} className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-neutral-900 sm:mt-1 sm:text-base">
                  {t(`home.quick.${action.key}.title`)}
                </span>
                <span className="mt-0.5 block text-sm text-neutral-600">
                  {t(`home.quick.${action.key}.body`)}
                </span>
              </span>
            </Link>
          ))}
        </div>
      </section>
      {checklistOpen && checklist.data && <ChecklistPanel checklist={checklist.data} />}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <section
          aria-labelledby="credits-title"
          className="rounded-2xl border border-neutral-200 bg-white p-5 sm:p-6 lg:col-span-1"
        >
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
            {t('home.plan', { tier: planName(t, user.subscription.tier) })}
          </p>
        </section>
        <div className="lg:col-span-2">
          <RecentHistory />
        </div>
      </div>
    </div>
  )
}
