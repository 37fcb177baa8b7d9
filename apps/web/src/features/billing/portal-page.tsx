import { billingDisplayTier, formatPrice, isTier } from '@timbre/contract'
import { useTranslation } from 'react-i18next'
import { Link, Navigate } from 'react-router'
import { Alert } from '../../components/alert'
import { buttonClass } from '../../components/button'
import { PageSpinner } from '../../components/spinner'
import { useErrorText } from '../../i18n/use-error-text'
import type { LocalPortal } from '../../lib/api-types'
import { routes } from '../../routes'
import { useSession } from '../auth/use-session'
import { brandName } from './card-number'
import { formatDate, planName } from './format'
import { useLocalPortal } from './portal-queries'
import { panel, TestModeLabel, TestModeShell } from './test-mode-shell'

/**
 * The built-in provider's customer portal (test mode): the plan, the card on file and what is
 * still owed, with the way to replace the card.
 */
export function BillingPortalPage() {
  const { t } = useTranslation()
  const session = useSession()
  const errorText = useErrorText()
  const portal = useLocalPortal(session.status === 'signedIn')

  if (session.status === 'signedOut') return <Navigate to={routes.signIn} replace />
  return (
    <TestModeShell banner={t('billing.portal.banner')}>
      {(session.status === 'loading' || portal.isPending) && <PageSpinner label={t('common.loading')} />}
      {portal.isError && (
        <div className="space-y-4">
          <Alert tone="error">{errorText(portal.error)}</Alert>
          <Link to={routes.subscription} className={buttonClass('secondary')}>
            {t('billing.checkout.back')}
          </Link>
        </div>
      )}
      {portal.data && <PortalDetails portal={portal.data} />}
    </TestModeShell>
  )
}

export function PortalDetails({ portal }: { portal: LocalPortal }) {
  const { t, i18n } = useTranslation()
  const { subscription, payment_method: card, open_invoices: owed } = portal
  const tier = isTier(subscription.tier) ? billingDisplayTier(subscription.tier) : subscription.tier
  return (
    <div className="space-y-4">
      <section className={panel} aria-labelledby="portal-title">
        <TestModeLabel />
        <h1 id="portal-title" className="mt-3 text-xl font-semibold tracking-tight text-neutral-900">
          {t('billing.portal.title')}
        </h1>
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-neutral-600">{t('billing.portal.plan')}</dt>
            <dd className="font-medium text-neutral-900" data-testid="portal-plan">
              {planName(t, tier)}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-neutral-600">{t('billing.portal.status')}</dt>
            <dd className="text-neutral-900">
              {t(`billing.status.${subscription.status}`, { defaultValue: subscription.status })}
            </dd>
          </div>
          {subscription.current_period_end_unix !== null && subscription.tier !== 'free' && (
            <div className="flex justify-between gap-4">
              <dt className="text-neutral-600">{t('billing.portal.periodEnd')}</dt>
              <dd className="text-neutral-900">
                {formatDate(subscription.current_period_end_unix, i18n.language)}
              </dd>
            </div>
          )}
          <div className="flex justify-between gap-4">
            <dt className="text-neutral-600">{t('billing.portal.usageBilling')}</dt>
            <dd className="text-neutral-900">
              {t(portal.usage_based_billing ? 'billing.portal.on' : 'billing.portal.off')}
            </dd>
          </div>
        </dl>
      </section>

      <section className={panel} aria-labelledby="portal-card">
        <h2 id="portal-card" className="text-sm font-medium text-neutral-500">
          {t('billing.portal.cardOnFile')}
        </h2>
        {card ? (
          <div className="mt-2" data-testid="portal-card">
            <p className="text-base font-medium text-neutral-900">
              {t('billing.portal.cardEnding', {
                brand: brandName(card.brand) ?? t('billing.portal.genericCard'),
                last4: card.last4,
              })}
            </p>
            <p className="mt-1 text-xs text-neutral-500">
              {t('billing.portal.cardUpdated', { date: formatDate(card.updated_at_unix, i18n.language) })}
              {card.verified && ` · ${t('billing.portal.verified')}`}
            </p>
          </div>
        ) : (
          <p className="mt-2 text-sm text-neutral-600">{t('billing.portal.noCard')}</p>
        )}
        <Link to={routes.billingPaymentMethod} className={buttonClass('secondary', 'mt-4')}>
          {t(card ? 'billing.portal.replaceCard' : 'billing.portal.addCard')}
        </Link>
      </section>

      <section className={panel} aria-labelledby="portal-invoices">
        <h2 id="portal-invoices" className="text-sm font-medium text-neutral-500">
          {t('billing.portal.openInvoices')}
        </h2>
        {owed.length === 0 ? (
          <p className="mt-2 text-sm text-neutral-600" data-testid="portal-nothing-owed">
            {t('billing.portal.nothingOwed')}
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-neutral-200 text-sm">
            {owed.map((invoice) => (
              <li key={invoice.id} className="flex justify-between gap-4 py-2" data-testid="portal-invoice">
                <span className="text-neutral-700">
                  {t(`billing.portal.kinds.${invoice.kind}`, { defaultValue: invoice.kind })}
                  <span className="block text-xs text-neutral-500">
                    {formatDate(invoice.created_at_unix, i18n.language)}
                  </span>
                </span>
                <span className="font-medium text-neutral-900">
                  {formatPrice(invoice.amount_cents, invoice.currency)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {owed.length > 0 && <p className="mt-3 text-xs text-neutral-500">{t('billing.portal.owedHint')}</p>}
      </section>

      <Link to={routes.subscription} className={buttonClass('primary', 'w-full')}>
        {t('billing.checkout.back')}
      </Link>
    </div>
  )
}
