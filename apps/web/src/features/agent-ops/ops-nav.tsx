import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { routes } from '../../routes'

/** The agents' operations pages, one tab each. */
export function OpsNav() {
  const { t } = useTranslation()
  const tabs = [
    { to: routes.agents, label: t('agents.title'), end: true },
    { to: routes.agentTests, label: t('agentOps.tests.title') },
    { to: routes.agentBatchCalls, label: t('agentOps.batch.title') },
    { to: routes.agentPhoneNumbers, label: t('agentOps.numbers.title') },
    { to: routes.agentAnalytics, label: t('agentOps.analytics.title') },
  ]
  return (
    <nav
      aria-label={t('agentOps.nav')}
      className="mb-5 flex gap-1 overflow-x-auto border-b border-neutral-200"
    >
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) =>
            `whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${isActive ? 'border-accent-600 text-neutral-900' : 'border-transparent text-neutral-600 hover:text-neutral-900'}`
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  )
}

const STATUSES = [
  'pending',
  'running',
  'passed',
  'failed',
  'cancelled',
  'in_progress',
  'completed',
  'dispatched',
  'initiated',
  'voicemail',
  'no_answer',
] as const

/** The translation key of a test, batch or call status (an unknown one reads as pending). */
export function statusKey(status: string) {
  const known = (STATUSES as readonly string[]).includes(status)
    ? (status as (typeof STATUSES)[number])
    : 'pending'
  return `agentOps.status.${known}` as const
}

export const STATUS_TONES: Record<string, 'neutral' | 'accent' | 'warning' | 'danger' | 'success'> = {
  pending: 'neutral',
  running: 'accent',
  in_progress: 'accent',
  dispatched: 'accent',
  initiated: 'accent',
  passed: 'success',
  completed: 'success',
  failed: 'danger',
  no_answer: 'warning',
  voicemail: 'warning',
  cancelled: 'warning',
}
