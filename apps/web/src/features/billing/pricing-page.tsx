import {
  type BillingPeriod,
  billingCurrency,
  type Currency,
  defaultBillingPeriod,
  isPaidPurchasableTier,
  type PurchasableTier,
  type Tier,
} from '@timbre/contract'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Alert } from '../../components/alert'
import { buttonClass } from '../../components/button'
import { Icon } from '../../components/icon'
import { LocalePicker } from '../../components/locale-picker'
import { Logo } from '../../components/logo'
import { Segmented } from '../../components/segmented'
import { PageSpinner } from '../../components/spinner'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import type { PlanOffer } from '../../lib/api-types'
import { pathTo, routes } from '../../routes'
import { useSession } from '../auth/use-session'
import { ThemeToggle } from '../theme/theme-toggle'
import { usePlanOffers, useSubscriptionInfo, useSubscriptionOperation } from './billing-queries'
import { PlanCard } from './plan-card'
import { CancellationDialog, DowngradeDialog, UpgradeDialog } from './plan-dialogs'
import { cardButton, cardPrice, currentPlanOf, isCurrentCard } from './pricing-logic'
import { PromoCodeForm } from './promo-code-form'
import { PromoDialogs, usePromocode } from './promo-dialogs'
import { useStartCheckout } from './use-checkout'

type Open =
  | { kind: 'upgrade'; tier: PurchasableTier; mode: 'upgrade' | 'create'; price: string | null }
  | { kind: 'downgrade'; tier: PurchasableTier }
  | { kind: 'cancellation' }

/** The annual-pricing test flag is off: the page opens on monthly prices. */
const ANNUAL_PRICING_FLAG = false

/** Plans free to enterprise, monthly or annual, in USD or EUR; each button follows the plan-action rules. */
export function PricingPage() {
  const { t } = useTranslation()
  const toast = useToast()
  const navigate = useNavigate()
  const errorText = useErrorText()
  const session = useSession()
  const signedIn = session.status === 'signedIn'
  const info = useSubscriptionInfo(signedIn)
  const current = signedIn && info.data ? currentPlanOf(info.data) : null
  // Until the workspace's plan is known the buttons cannot be chosen (signed out they lead to sign-up).
  const planPending = session.status === 'loading' || (signedIn && info.isPending)
  const [period, setPeriod] = useState<BillingPeriod>(defaultBillingPeriod(ANNUAL_PRICING_FLAG))
  const [chosenCurrency, setCurrency] = useState<Currency | null>(null)
  // A subscription keeps the currency it was bought in; a visitor picks one.
  const currency = chosenCurrency ?? billingCurrency(info.data?.currency ?? null)
  const offers = usePlanOffers(currency)
  const [open, setOpen] = useState<Open | null>(null)
  const [busyTier, setBusyTier] = useState<string | null>(null)
  const operation = useSubscriptionOperation()
  const checkout = useStartCheckout()
  const [promocode, setPromocode] = usePromocode()
  const clearPromo = useCallback(() => setPromocode(null), [setPromocode])

  const onCard = (offer: PlanOffer) => {
    const tier = offer.plan_id as Tier
    const button = cardButton(current, tier, period)
    if (button.kind === 'signUp') {
      navigate(pathTo('signUp'))
      return
    }
    if (button.kind !== 'action' || tier === 'enterprise' || tier === 'trial') return
    if (!(tier === 'free' || isPaidPurchasableTier(tier))) return
    const { action } = button.action
    const price = cardPrice(offer, period).main
    const done = (verb: 'renew' | 'cancelDowngrade') => ({
      onSuccess: () => toast({ title: t(`billing.done.${verb}`), tone: 'success' as const }),
      onError: (error: unknown) =>
        toast({
          title: t('billing.errors.changeFailed', { change: t(`billing.verbs.${verb}`) }),
          description: errorText(error, ''),
          tone: 'error' as const,
        }),
      onSettled: () => setBusyTier(null),
    })
    switch (action) {
      case 'renew':
        setBusyTier(tier)
        operation.mutate({ kind: 'renew' }, done('renew'))
        return
      case 'cancel_downgrade':
        setBusyTier(tier)
        operation.mutate({ kind: 'cancelDowngrade' }, done('cancelDowngrade'))
        return
      case 'cancel':
        setOpen({ kind: 'cancellation' })
        return
      case 'downgrade':
        setOpen({ kind: 'downgrade', tier })
        return
      case 'upgrade':
        if (tier !== 'free') setOpen({ kind: 'upgrade', tier, mode: 'upgrade', price })
        return
      case 'create':
        if (tier === 'free') return
        if (button.action.dialog === 'upgrade') {
          setOpen({ kind: 'upgrade', tier, mode: 'create', price })
          return
        }
        setBusyTier(tier)
        checkout.mutate(
          { subscription_type: tier, billing_period: period, currency, promocode },
          { onError: () => setBusyTier(null) },
        )
        return
      default:
        return
    }
  }

  return (
    <div className="min-h-dvh bg-neutral-50">
      <header className="flex items-center gap-2 border-b border-neutral-200 bg-white px-4 py-3 sm:px-8">
        <Logo to="/" />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LocalePicker compact />
          <ThemeToggle />
          {signedIn ? (
            <Link to={routes.subscription} className={buttonClass('secondary', 'whitespace-nowrap')}>
              <Icon name="card" className="size-4 sm:hidden" />
              {/* Phones show the icon; the text stays for screen readers. */}
              <span className="sr-only sm:not-sr-only">{t('billing.pricing.toApp')}</span>
            </Link>
          ) : (
            session.status === 'signedOut' && (
              <Link to={routes.signIn} className={buttonClass('secondary', 'whitespace-nowrap')}>
                {t('billing.pricing.signIn')}
              </Link>
            )
          )}
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl px-4 pt-8 pb-16 sm:px-8 sm:pt-12">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-3xl font-semibold tracking-tight text-neutral-900 sm:text-4xl">
            {t('billing.pricing.title')}
          </h1>
          <p className="mt-3 text-neutral-600">{t('billing.pricing.subtitle')}</p>
        </div>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          <Segmented
            label={t('billing.pricing.periodLabel')}
            value={period}
            onChange={setPeriod}
            options={[
              { value: 'monthly_period', label: t('billing.pricing.monthly') },
              {
                value: 'annual_period',
                label: t('billing.pricing.annual'),
                hint: t('billing.pricing.twoMonthsFree'),
              },
            ]}
          />
          <Segmented
            label={t('billing.pricing.currencyLabel')}
            value={currency}
            onChange={setCurrency}
            options={[
              { value: 'usd', label: 'USD' },
              { value: 'eur', label: 'EUR' },
            ]}
          />
        </div>
        {promocode && signedIn && (
          <div className="mx-auto mt-6 flex max-w-xl flex-wrap items-center justify-center gap-2 text-sm text-neutral-700">
            <span>{t('billing.promo.applied', { code: promocode })}</span>
            <button
              type="button"
              className="rounded font-medium text-accent-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-accent-600"
              onClick={() => {
                toast({ title: t('billing.promo.removed', { code: promocode }) })
                setPromocode(null)
              }}
            >
              {t('billing.promo.remove')}
            </button>
          </div>
        )}
        {!promocode && signedIn && <PromoCodeForm onApply={setPromocode} />}
        {info.data?.test_mode && (
          <p className="mx-auto mt-4 max-w-xl text-center text-xs text-neutral-500">
            {t('billing.pricing.testModeNote')}
          </p>
        )}
        <div className="mt-8">
          {(offers.isPending || planPending) && <PageSpinner label={t('common.loading')} />}
          {offers.isError && <Alert tone="error">{errorText(offers.error)}</Alert>}
          {info.isError && <Alert tone="error">{errorText(info.error)}</Alert>}
          {offers.data && !planPending && !info.isError && (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {offers.data.plans.map((offer) => {
                const tier = offer.plan_id as Tier
                return (
                  <PlanCard
                    key={offer.id}
                    offer={offer}
                    period={period}
                    button={cardButton(current, tier, period)}
                    current={isCurrentCard(current, tier, period)}
                    busy={busyTier === tier}
                    onClick={() => onCard(offer)}
                  />
                )
              })}
            </div>
          )}
        </div>
      </main>
      {open?.kind === 'upgrade' && open.tier !== 'free' && (
        <UpgradeDialog
          tier={open.tier}
          period={period}
          price={open.price}
          mode={open.mode}
          currency={currency}
          promocode={promocode}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null)
            toast({ title: t('billing.done.upgrade'), tone: 'success' })
          }}
        />
      )}
      {open?.kind === 'downgrade' && current && (
        <DowngradeDialog
          tier={open.tier}
          period={period}
          current={current}
          info={info.data}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'cancellation' && <CancellationDialog info={info.data} onClose={() => setOpen(null)} />}
      {session.status !== 'loading' && (
        <PromoDialogs
          page="pricing"
          code={promocode}
          signedIn={signedIn}
          current={current}
          currency={currency}
          onInvalid={clearPromo}
          onUsed={clearPromo}
        />
      )}
    </div>
  )
}
