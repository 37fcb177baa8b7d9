import {
  billingDisplayTier,
  formatPrice,
  hasBillingProblem,
  isBlockedStatus,
  isPendingDowngrade,
  isTier,
  type SubscriptionStatus,
} from '@timbre/contract'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button, buttonClass } from '../../components/button'
import { Modal, ModalActions } from '../../components/modal'
import { PageSpinner } from '../../components/spinner'
import { TextField } from '../../components/text-field'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { ApiError } from '../../lib/api-error'
import type { Invoice, SubscriptionInfo } from '../../lib/api-types'
import { formatCount } from '../../lib/format-count'
import { routes } from '../../routes'
import { useSession } from '../auth/use-session'
import { useInvoices, useSubscriptionInfo, useSubscriptionOperation } from './billing-queries'
import { formatDate, planName } from './format'
import { CancellationDialog } from './plan-dialogs'
import { useOpenProviderPage } from './portal-queries'
import { currentPlanOf } from './pricing-logic'

const MANAGE_PARAM = 'manage-subscription'

const card = 'rounded-2xl border border-neutral-200 bg-white p-5 shadow-xs sm:p-6'

function hasPaidPeriod(info: SubscriptionInfo): boolean {
  return info.current_period_end_unix !== null && info.tier !== 'free'
}

/** The current plan, its scheduled change, the next invoice and the invoices. */
export function SubscriptionPage() {
  const { t, i18n } = useTranslation()
  const session = useSession()
  const info = useSubscriptionInfo()
  const invoices = useInvoices()
  const errorText = useErrorText()
  const toast = useToast()
  const operation = useSubscriptionOperation()
  const [params, setParams] = useSearchParams()
  const [cancelling, setCancelling] = useState(false)
  const manageOpen = params.get(MANAGE_PARAM) === 'true'
  const setManage = (open: boolean) => {
    const next = new URLSearchParams(params)
    if (open) next.set(MANAGE_PARAM, 'true')
    else next.delete(MANAGE_PARAM)
    setParams(next, { replace: true })
  }
  const date = (unix: number) => formatDate(unix, i18n.language)

  if (info.isPending || session.status !== 'signedIn') return <PageSpinner label={t('common.loading')} />
  if (info.isError) return <Alert tone="error">{errorText(info.error)}</Alert>
  const data = info.data
  const tier = isTier(data.tier) ? data.tier : 'free'
  const shownTier = billingDisplayTier(tier)
  const status = data.status as SubscriptionStatus
  const { character_count: used, character_limit: limit } = session.user.subscription
  const share = limit > 0 ? Math.min(1, used / limit) : 0
  const current = currentPlanOf(data)
  const pending = data.pending_change
  const paid = hasPaidPeriod(data)
  const run = (kind: 'renew' | 'cancelDowngrade') =>
    operation.mutate(
      { kind },
      {
        onSuccess: () => toast({ title: t(`billing.done.${kind}`), tone: 'success' }),
        onError: (error) =>
          toast({
            title: t('billing.errors.changeFailed', { change: t(`billing.verbs.${kind}`) }),
            description: errorText(error, ''),
            tone: 'error',
          }),
      },
    )

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">
            {t('billing.subscription.title')}
          </h1>
          <p className="mt-1 text-sm text-neutral-600">{t('billing.subscription.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {paid && (
            <Button variant="secondary" onClick={() => setManage(true)}>
              {t('billing.subscription.manage')}
            </Button>
          )}
          <Link to={routes.pricing} className={buttonClass('primary')}>
            {t('billing.subscription.changePlan')}
          </Link>
        </div>
      </div>

      {hasBillingProblem(status, tier) && <Alert tone="warning">{t('billing.subscription.problem')}</Alert>}
      {isBlockedStatus(status) && <Alert tone="error">{t('billing.subscription.blocked')}</Alert>}
      {data.test_mode && <Alert tone="info">{t('billing.subscription.testMode')}</Alert>}

      <section className={card} aria-labelledby="current-plan">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="current-plan" className="text-sm font-medium text-neutral-500">
            {t('billing.subscription.currentPlan')}
          </h2>
          <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-700">
            {t(`billing.status.${status}`, { defaultValue: status })}
          </span>
        </div>
        <p className="mt-1 text-2xl font-semibold text-neutral-900" data-testid="current-plan-name">
          {planName(t, shownTier)}
        </p>
        {paid && (
          <p className="mt-1 text-sm text-neutral-600">
            {t(`billing.periods.${data.billing_period}`)}
            {data.current_period_end_unix !== null &&
              ` · ${t('billing.subscription.periodEnds', { date: date(data.current_period_end_unix) })}`}
          </p>
        )}
        <div className="mt-5">
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <span className="text-neutral-700">{t('billing.subscription.credits')}</span>
            <span className="font-medium text-neutral-900" data-testid="credits-usage">
              {t('billing.subscription.creditsUsed', {
                used: used.toLocaleString(i18n.language),
                limit: limit < 0 ? t('billing.subscription.unlimited') : limit.toLocaleString(i18n.language),
              })}
            </span>
          </div>
          <div
            className="mt-2 h-2 overflow-hidden rounded-full bg-neutral-100"
            role="progressbar"
            aria-label={t('billing.subscription.credits')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(share * 100)}
          >
            <div className="h-full rounded-full bg-accent-600" style={{ width: `${share * 100}%` }} />
          </div>
          <p className="mt-2 text-xs text-neutral-500">
            {t('billing.subscription.resets', {
              date: date(data.next_character_count_reset_unix),
              credits: formatCount(Math.max(0, limit - used), i18n.language),
            })}
          </p>
        </div>
      </section>

      {pending && (
        <section className={card} aria-labelledby="pending-change">
          <h2 id="pending-change" className="text-sm font-medium text-neutral-500">
            {t('billing.subscription.pending')}
          </h2>
          <p className="mt-1 text-sm text-neutral-900" data-testid="pending-change">
            {pending.kind === 'cancellation'
              ? t('billing.subscription.pendingCancellation', { date: date(pending.timestamp_seconds) })
              : t(
                  isPendingDowngrade(tier, current.pendingChange)
                    ? 'billing.subscription.pendingDowngrade'
                    : 'billing.subscription.pendingSwitch',
                  {
                    plan: planName(t, pending.next_tier),
                    period: pending.next_billing_period
                      ? t(`billing.periods.${pending.next_billing_period}`)
                      : '',
                    date: date(pending.timestamp_seconds),
                  },
                )}
          </p>
          <div className="mt-4">
            {pending.kind === 'cancellation' ? (
              <Button loading={operation.isPending} onClick={() => run('renew')}>
                {t('billing.actions.doNotCancel')}
              </Button>
            ) : (
              <Button
                variant="secondary"
                loading={operation.isPending}
                onClick={() => run('cancelDowngrade')}
              >
                {t('billing.actions.cancelDowngrade')}
              </Button>
            )}
          </div>
        </section>
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section className={card} aria-labelledby="next-invoice">
          <h2 id="next-invoice" className="text-sm font-medium text-neutral-500">
            {t('billing.subscription.nextInvoice')}
          </h2>
          {data.next_invoice && pending?.kind !== 'cancellation' ? (
            <div className="mt-1" data-testid="next-invoice">
              <p className="text-2xl font-semibold text-neutral-900">
                {formatPrice(data.next_invoice.amount_due_cents, data.currency)}
              </p>
              <p className="mt-1 text-sm text-neutral-600">
                {t('billing.subscription.dueOn', { date: date(data.next_invoice.next_payment_attempt_unix) })}
              </p>
              {(data.next_invoice.discount_percent_off !== null ||
                data.next_invoice.discount_amount_off !== null) && (
                <p className="mt-1 text-sm text-emerald-800">
                  {t('billing.subscription.discount', {
                    discount:
                      data.next_invoice.discount_percent_off !== null
                        ? `${data.next_invoice.discount_percent_off}%`
                        : formatPrice(data.next_invoice.discount_amount_off ?? 0, data.currency),
                    code: data.discount?.coupon_id ?? '',
                  })}
                </p>
              )}
            </div>
          ) : (
            <p className="mt-1 text-sm text-neutral-600">{t('billing.subscription.noNextInvoice')}</p>
          )}
        </section>
        <section className={card} aria-labelledby="actions">
          <h2 id="actions" className="text-sm font-medium text-neutral-500">
            {t('billing.subscription.actions')}
          </h2>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link to={routes.pricing} className={buttonClass('secondary')}>
              {t('billing.subscription.seePlans')}
            </Link>
            {paid && pending?.kind !== 'cancellation' && (
              <Button variant="secondary" onClick={() => setCancelling(true)}>
                {t('billing.actions.cancelSubscription')}
              </Button>
            )}
          </div>
        </section>
      </div>

      <PaymentSection />

      <section className={card} aria-labelledby="invoices">
        <h2 id="invoices" className="text-sm font-medium text-neutral-500">
          {t('billing.invoices.title')}
        </h2>
        {invoices.isError && <Alert tone="error">{errorText(invoices.error)}</Alert>}
        {invoices.data && invoices.data.invoices.length === 0 && (
          <p className="mt-2 text-sm text-neutral-600">{t('billing.invoices.empty')}</p>
        )}
        {invoices.data && invoices.data.invoices.length > 0 && (
          <InvoiceList invoices={invoices.data.invoices} />
        )}
      </section>

      {cancelling && <CancellationDialog info={data} onClose={() => setCancelling(false)} />}
      {manageOpen && (
        <ManageDialog
          info={data}
          onClose={() => setManage(false)}
          onCancel={() => {
            setManage(false)
            setCancelling(true)
          }}
        />
      )}
    </div>
  )
}

/** The provider's own pages: the card on file and the customer portal, opened from a fresh URL. */
function PaymentSection() {
  const { t } = useTranslation()
  const paymentMethod = useOpenProviderPage('paymentMethod')
  const portal = useOpenProviderPage('portal')
  return (
    <section className={card} aria-labelledby="payment">
      <h2 id="payment" className="text-sm font-medium text-neutral-500">
        {t('billing.portal.payment')}
      </h2>
      <p className="mt-1 text-sm text-neutral-600">{t('billing.portal.paymentHint')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          loading={paymentMethod.isPending}
          disabled={portal.isPending}
          onClick={() => paymentMethod.mutate()}
        >
          {t('billing.portal.managePaymentMethod')}
        </Button>
        <Button
          variant="secondary"
          loading={portal.isPending}
          disabled={paymentMethod.isPending}
          onClick={() => portal.mutate()}
        >
          {t('billing.portal.open')}
        </Button>
      </div>
    </section>
  )
}

function InvoiceList({ invoices }: { invoices: Invoice[] }) {
  const { t, i18n } = useTranslation()
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[28rem] text-left text-sm">
        <thead className="text-xs text-neutral-500">
          <tr>
            <th className="py-2 pr-3 font-medium">{t('billing.invoices.date')}</th>
            <th className="py-2 pr-3 font-medium">{t('billing.invoices.description')}</th>
            <th className="py-2 pr-3 font-medium">{t('billing.invoices.status')}</th>
            <th className="py-2 text-right font-medium">{t('billing.invoices.amount')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {invoices.map((invoice) => (
            <tr key={invoice.id} data-testid="invoice-row">
              <td className="py-2 pr-3 whitespace-nowrap text-neutral-700">
                {formatDate(invoice.created_unix, i18n.language)}
              </td>
              <td className="py-2 pr-3 text-neutral-900">
                {t(invoice.kind === 'upgrade' ? 'billing.invoices.upgradeLine' : 'billing.invoices.line', {
                  plan: planName(t, invoice.tier),
                  period: t(`billing.periods.${invoice.billing_period}`),
                })}
                <span className="block text-xs text-neutral-500">
                  {formatDate(invoice.period.start_unix, i18n.language)} –{' '}
                  {formatDate(invoice.period.end_unix, i18n.language)}
                </span>
              </td>
              <td className="py-2 pr-3">
                <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
                  {t(`billing.invoices.${invoice.status}`)}
                </span>
              </td>
              <td className="py-2 text-right font-medium whitespace-nowrap text-neutral-900">
                {formatPrice(invoice.amount_cents, invoice.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Manage: the plan in short, the payment method, a discount code, and the way out. */
function ManageDialog({
  info,
  onClose,
  onCancel,
}: {
  info: SubscriptionInfo
  onClose: () => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const toast = useToast()
  const operation = useSubscriptionOperation()
  const [code, setCode] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!code.trim()) return
    operation.mutate(
      { kind: 'discount', code: code.trim() },
      {
        onSuccess: () => {
          toast({ title: t('billing.done.discount', { code: code.trim() }), tone: 'success' })
          setCode('')
        },
      },
    )
  }
  const discountError =
    operation.error instanceof ApiError && operation.error.code === 'invalid_discount_code'
      ? t('billing.manage.invalidDiscount')
      : operation.isError
        ? errorText(operation.error)
        : null
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('billing.manage.title')} width="md">
      <div className="space-y-5 text-sm">
        <div>
          <p className="text-neutral-500">{t('billing.subscription.currentPlan')}</p>
          <p className="font-medium text-neutral-900">
            {planName(t, billingDisplayTier(isTier(info.tier) ? info.tier : 'free'))} ·{' '}
            {t(`billing.periods.${info.billing_period}`)}
          </p>
        </div>
        <div>
          <p className="text-neutral-500">{t('billing.manage.paymentMethod')}</p>
          <p className="text-neutral-900">
            {info.test_mode ? t('billing.manage.testCard') : t('billing.manage.cardOnFile')}
          </p>
        </div>
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <TextField
            className="flex-1"
            label={t('billing.manage.discountCode')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={discountError}
          />
          <Button type="submit" variant="secondary" className="sm:mt-6" loading={operation.isPending}>
            {t('billing.manage.apply')}
          </Button>
        </form>
        {info.discount && (
          <p className="text-emerald-800">
            {t('billing.manage.discountActive', { code: info.discount.coupon_id })}
          </p>
        )}
      </div>
      <ModalActions>
        {info.pending_change?.kind !== 'cancellation' && (
          <Button variant="ghost" onClick={onCancel}>
            {t('billing.actions.cancelSubscription')}
          </Button>
        )}
        <Link to={routes.pricing} className={buttonClass('secondary')}>
          {t('billing.subscription.changePlan')}
        </Link>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </ModalActions>
    </Modal>
  )
}
