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
import { useErrorText } from '../../i18n/use-error-text'
import { ApiError } from '../../lib/api-error'
import { routes } from '../../routes'
import { useSession } from '../auth/use-session'
import { getPurchase, payPurchase } from './billing-api'
import { formatCardNumber } from './card-number'
import { TestCardList } from './test-card-list'

const currencyOf = (value: string) => (value === 'eur' ? 'eur' : 'usd')

/**
 * The built-in provider's page for a one-off purchase (a Productions order): test mode, no real
 * money; the card number decides the outcome. Paid, it returns to the page the purchase names.
 */
export function PurchasePage() {
  const { t } = useTranslation()
  const { purchaseId = '' } = useParams()
  const session = useSession()
  const navigate = useNavigate()
  const errorText = useErrorText()
  const [card, setCard] = useState('')
  const details = useQuery({
    queryKey: ['billing', 'purchase', purchaseId],
    queryFn: () => getPurchase(purchaseId),
    enabled: session.status === 'signedIn',
    retry: false,
  })
  const pay = useMutation({
    mutationFn: (number: string) => payPurchase(purchaseId, number),
    onSuccess: (paid) => navigate(`${paid.return_path}?checkout=success`),
  })
  if (session.status === 'signedOut') return <Navigate to={routes.signIn} replace />
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
  const price = data ? formatPrice(data.amount_cents, currencyOf(data.currency)) : ''
  return (
    <div className="min-h-dvh bg-neutral-50">
      <div role="note" className="bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900">
        {t('billing.checkout.testModeBanner')}
      </div>
      <header className="px-4 py-4 sm:px-8">
        <Logo to={routes.home} />
      </header>
      <main className="mx-auto w-full max-w-md px-4 pb-16">
        {(session.status === 'loading' || details.isPending) && <PageSpinner label={t('common.loading')} />}
        {details.isError && <Alert tone="error">{errorText(details.error)}</Alert>}
        {data && (
          <section className="rounded-2xl border border-neutral-200 bg-white p-6 shadow-xs">
            <h1 className="text-xl font-semibold tracking-tight text-neutral-900">{data.description}</h1>
            <p className="mt-3 flex justify-between text-sm">
              <span className="font-medium text-neutral-900">{t('billing.checkout.dueToday')}</span>
              <span className="font-semibold text-neutral-900" data-testid="amount-due">
                {price}
              </span>
            </p>
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
                  {t('billing.checkout.pay', { price })}
                </Button>
                <TestCardList onPick={setCard} />
              </form>
            ) : (
              <div className="mt-6 space-y-4">
                <Alert tone={data.status === 'complete' ? 'success' : 'warning'}>
                  {t(data.status === 'complete' ? 'billing.purchase.complete' : 'billing.checkout.expired')}
                </Alert>
                <Link to={data.return_path} className={buttonClass('secondary')}>
                  {t('billing.purchase.back')}
                </Link>
              </div>
            )}
          </section>
        )}
      </main>
    </div>
  )
}
