import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDate } from '../../lib/format-date'
import { routes } from '../../routes'
import { updateChecklistItem } from '../onboarding/onboarding-api'
import {
  type AffiliateDashboard,
  completeLocalOnboarding,
  createPayoutAccount,
  getAffiliates,
  joinAffiliates,
  payoutManagementLink,
  requestPayout,
} from './referrals-api'

/** Where the built-in test provider's onboarding page lives (the server's links name it). */
const LOCAL_ONBOARDING_PATH = '/payouts/local/onboarding/'

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

function JoinForm() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [website, setWebsite] = useState('')
  const [audience, setAudience] = useState('')
  const join = useMutation({
    mutationFn: joinAffiliates,
    onSuccess: async (data) => {
      queryClient.setQueryData(['affiliates'], data)
      // Joining completes the onboarding checklist's affiliate step.
      await updateChecklistItem('join_affiliate').catch(() => undefined)
    },
  })
  return (
    <form
      className="mt-6 max-w-lg space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        join.mutate({ website: website.trim(), audience: audience.trim() })
      }}
    >
      <p className="text-sm text-neutral-600">{t('affiliates.joinIntro')}</p>
      {join.isError && <Alert tone="error">{errorText(join.error)}</Alert>}
      <TextField
        label={t('affiliates.website')}
        value={website}
        onChange={(e) => setWebsite(e.target.value)}
        required
      />
      <TextField
        label={t('affiliates.audience')}
        value={audience}
        onChange={(e) => setAudience(e.target.value)}
        required
      />
      <Button type="submit" loading={join.isPending}>
        {t('affiliates.join')}
      </Button>
    </form>
  )
}

/** One bar per day: the day's share of the busiest day. */
function DailyChart({
  data,
  field,
}: {
  data: AffiliateDashboard
  field: 'clicks' | 'sign_ups' | 'conversions'
}) {
  const { t } = useTranslation()
  const max = Math.max(1, ...data.series.map((d) => d[field]))
  return (
    <figure className="rounded-xl border border-neutral-200 p-4">
      <figcaption className="text-sm font-medium text-neutral-800">
        {t(`affiliates.chart.${field}`)}
      </figcaption>
      <div
        className="mt-3 flex h-24 items-end gap-0.5"
        role="img"
        aria-label={t(`affiliates.chart.${field}`)}
      >
        {data.series.map((day) => (
          <div
            key={day.date}
            title={`${day.date}: ${day[field]}`}
            className="flex-1 rounded-t bg-accent-500"
            style={{ height: `${(day[field] / max) * 100}%`, minHeight: day[field] > 0 ? 2 : 0 }}
          />
        ))}
      </div>
    </figure>
  )
}

function Payouts({ data }: { data: AffiliateDashboard }) {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['affiliates'] })
  // Stripe's onboarding is its own site; the built-in test provider's page is a step here.
  const openProviderPage = async ({ url }: { url: string }) => {
    if (new URL(url, window.location.origin).pathname.startsWith(LOCAL_ONBOARDING_PATH)) {
      await completeLocalOnboarding()
      await refresh()
    } else window.location.assign(url)
  }
  const create = useMutation({ mutationFn: createPayoutAccount, onSuccess: openProviderPage })
  const connect = useMutation({
    mutationFn: () => payoutManagementLink(routes.affiliates),
    onSuccess: openProviderPage,
  })
  const payout = useMutation({ mutationFn: requestPayout, onSuccess: refresh })
  const state = data.payout_account.state
  const error = create.error ?? connect.error ?? payout.error
  return (
    <section className="mt-8">
      <h2 className="text-lg font-semibold text-neutral-900">{t('affiliates.payouts')}</h2>
      <p className="mt-2 text-sm text-neutral-600">
        {t('affiliates.balance', { amount: dollars(data.balance_cents) })} ·{' '}
        {t(`affiliates.accountState.${state}`, { defaultValue: state })}
        {data.payout_account.paused && ` · ${t('affiliates.paused')}`}
      </p>
      {error && <Alert tone="error">{errorText(error)}</Alert>}
      <div className="mt-3 flex gap-2">
        {state === 'not_created' && (
          <Button onClick={() => create.mutate()} loading={create.isPending}>
            {t('affiliates.createAccount')}
          </Button>
        )}
        {(state === 'incomplete_setup' ||
          state === 'tax_forms_needed' ||
          state === 'payouts_not_enabled') && (
          <Button onClick={() => connect.mutate()} loading={connect.isPending}>
            {t('affiliates.finishSetup')}
          </Button>
        )}
        {state === 'connected' && (
          <Button onClick={() => payout.mutate()} loading={payout.isPending}>
            {t('affiliates.payOut')}
          </Button>
        )}
      </div>
      <ul className="mt-4 space-y-1 text-sm text-neutral-700">
        {data.payouts.map((p) => (
          <li key={p.payout_id}>
            {formatDate(p.created_at_unix, i18n.language)} · {dollars(p.amount_cents)} ·{' '}
            {t(`affiliates.payoutStatus.${p.status}`, { defaultValue: p.status })}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The affiliates page: join, then the link, the figures over 30 days and payouts. */
export function AffiliatesPage() {
  const { t } = useTranslation()
  const query = useQuery({ queryKey: ['affiliates'], queryFn: getAffiliates })
  const data = query.data
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('affiliates.title')}</h1>
      {data && !data.joined && <JoinForm />}
      {data?.joined && (
        <>
          <p className="mt-4 text-sm text-neutral-700">
            {t('affiliates.link')}: <code className="break-all">{data.referral_link}</code> (
            {t('affiliates.code')}: <code>{data.code}</code>)
          </p>
          <p className="mt-2 text-sm text-neutral-600">
            {t('affiliates.totals', {
              clicks: data.totals.clicks,
              signUps: data.totals.sign_ups,
              conversions: data.totals.conversions,
              commission: dollars(data.totals.commission_cents),
              percent: data.commission_percent,
            })}
          </p>
          <div className="mt-6 grid gap-4 sm:grid-cols-3">
            <DailyChart data={data} field="clicks" />
            <DailyChart data={data} field="sign_ups" />
            <DailyChart data={data} field="conversions" />
          </div>
          <Payouts data={data} />
        </>
      )}
    </div>
  )
}
