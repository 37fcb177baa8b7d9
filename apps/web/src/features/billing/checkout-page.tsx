import { useMutation, useQuery } from '@tanstack/react-query'
import { formatPrice } from '@timbre/contract'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate, useParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button, buttonClass } from '../../components/button'
import { Logo } from '../../components/logo'
import { PageSpinner } from '../../components/spinner'
import { TextField } from '../../components/text-field'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { ApiError } from '../../lib/api-error'
import { routes } from '../../routes'
import { useSession } from '../auth/use-session'
import { ThemeToggle } from '../theme/theme-toggle'
import { getCheckoutSession, payCheckoutSession } from './billing-api'
import { useRefreshBilling } from './billing-queries'
import { formatCardNumber } from './card-number'
import { planName } from './format'
import { forgetPromocode } from './promo-storage'
import { TestCardList } from './test-card-list'

/**
 * The built-in provider's checkout: test mode, no real money. The card number decides the
 * outcome (see the test cards listed on the page).
 */
export function CheckoutPage() {
  const { t } = useTranslation()
  const { sessionId = '' } = useParams()
  const session = useSession()
  const navigate = useNavigate()
  const toast = useToast()
  const errorText = useErrorText()
  const refresh = useRefreshBilling()
  const [card, setCard] = useState('')
  const details = useQuery({
    queryKey: ['billing', 'checkout', sessionId],
    queryFn: () => getCheckoutSession(sessionId),
    enabled: session.status === 'signedIn',
    retry: false,
  })
  const pay = useMutation({
    mutationFn: (number: string) => payCheckoutSession(sessionId, number),
    onSuccess: (info) => {
      forgetPromocode()
      refresh(info)
      toast({ title: t('billing.checkout.paid', { plan: planName(t, info.tier) }), tone: 'success' })
      navigate(routes.subscription)
    },
  })

  if (session.status === 'signedOut') return <Navigate to={routes.signIn} replace />
  // The two refusals a card form expects are translated; anything else shows the server's text.
  const cardError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'card_declined') return t('billing.checkout.declined')
    if (error instanceof ApiError && error.code === 'invalid_card_number')
      return t('billing.checkout.invalidCard')
    return errorText(error)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    pay.mutate(card)
  }
  const data = details.data
  return (
    <div className="min-h-dvh bg-neutral-50">
      <div
        role="note"
        className="bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900"
        data-testid="test-mode-banner"
      >
        {t('billing.checkout.testModeBanner')}
      </div>
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Logo to={routes.home} />
        <ThemeToggle />
      </header>
      <main className="mx-auto w-full max-w-md px-4 pb-16">
        {(session.status === 'loading' || details.isPending) && <PageSpinner label={t('common.loading')} />}
        {details.isError && (
          <div className="space-y-4">
            <Alert tone="error">{errorText(details.error)}</Alert>
            <Link to={routes.subscription} className={buttonClass('secondary')}>
              {t('billing.checkout.back')}
            </Link>
          </div>
        )}
        {data && (
          <section className="rounded-2xl border border-neutral-200 bg-white p-6 shadow-xs">
            <p className="text-xs font-semibold tracking-wide text-amber-900 uppercase">
              <span className="rounded bg-amber-50 px-1.5 py-0.5">{t('billing.checkout.testMode')}</span>
            </p>
            <h1 className="mt-3 text-xl font-semibold tracking-tight text-neutral-900">
              {t('billing.checkout.title', { plan: planName(t, data.subscription_type) })}
            </h1>
            <dl className="mt-4 space-y-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-neutral-600">{t('billing.upgrade.period')}</dt>
                <dd className="text-neutral-900">{t(`billing.periods.${data.billing_period}`)}</dd>
              </div>
              {data.amount_due_cents !== data.list_price_cents && (
                <div className="flex justify-between gap-4">
                  <dt className="text-neutral-600">{t('billing.checkout.listPrice')}</dt>
                  <dd className="text-neutral-500 line-through">
                    {formatPrice(data.list_price_cents, data.currency)}
                  </dd>
                </div>
              )}
              <div className="flex justify-between gap-4 border-t border-neutral-200 pt-2">
                <dt className="font-medium text-neutral-900">{t('billing.checkout.dueToday')}</dt>
                <dd className="font-semibold text-neutral-900" data-testid="amount-due">
                  {formatPrice(data.amount_due_cents, data.currency)}
                </dd>
              </div>
              {data.promocode && (
                <p className="text-xs text-neutral-500">
                  {t('billing.checkout.promo', { code: data.promocode })}
                </p>
              )}
            </dl>
            {data.status === 'open' ? (
              <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
                <TextField
                  label={t('billing.checkout.cardNumber')}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="4242 4242 4242 4242"
                  value={card}
                  onChange={(event) => setCard(formatCardNumber(event.target.value))}
                  error={pay.isError ? cardError(pay.error) : null}
                />
                <Button type="submit" block loading={pay.isPending} disabled={card.trim() === ''}>
                  {t('billing.checkout.pay', { price: formatPrice(data.amount_due_cents, data.currency) })}
                </Button>
                <TestCardList onPick={setCard} />
              </form>
            ) : (
              <div className="mt-6 space-y-4">
                <Alert tone={data.status === 'complete' ? 'success' : 'warning'}>
                  {t(data.status === 'complete' ? 'billing.checkout.complete' : 'billing.checkout.expired')}
                </Alert>
                <Link to={routes.subscription} className={buttonClass('secondary')}>
                  {t('billing.checkout.back')}
                </Link>
              </div>
            )}
          </section>
        )}
      </main>
    </div>
  )
}
