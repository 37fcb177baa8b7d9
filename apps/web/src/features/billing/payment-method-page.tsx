import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate } from 'react-router'
import { Alert } from '../../components/alert'
import { Button, buttonClass } from '../../components/button'
import { PageSpinner } from '../../components/spinner'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { routes } from '../../routes'
import { useSession } from '../auth/use-session'
import { brandName, cardNumberReady, formatCardNumber, isDecliningTestCard } from './card-number'
import { useLocalPortal, useReplaceCard } from './portal-queries'
import { TestCardList } from './test-card-list'
import { panel, TestModeLabel, TestModeShell } from './test-mode-shell'

/**
 * The built-in provider's card page (test mode): a test card replaces the card on file, and
 * whatever is owed is paid with it at once.
 */
export function PaymentMethodPage() {
  const { t } = useTranslation()
  const session = useSession()
  const errorText = useErrorText()
  const portal = useLocalPortal(session.status === 'signedIn')
  const replace = useReplaceCard()
  const [card, setCard] = useState('')
  // What the last successful save paid: the invoices open before it minus those open after it.
  const [paidCount, setPaidCount] = useState<number | null>(null)
  const [savedNumber, setSavedNumber] = useState('')

  if (session.status === 'signedOut') return <Navigate to={routes.signIn} replace />
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const owedBefore = portal.data?.open_invoices.length ?? 0
    replace.mutate(card, {
      onSuccess: (next) => {
        setPaidCount(Math.max(0, owedBefore - next.open_invoices.length))
        setSavedNumber(card)
        setCard('')
      },
      onError: () => setPaidCount(null),
    })
  }
  const data = portal.data
  const saved = replace.data?.payment_method ?? null
  return (
    <TestModeShell banner={t('billing.paymentMethod.banner')}>
      {(session.status === 'loading' || portal.isPending) && <PageSpinner label={t('common.loading')} />}
      {portal.isError && (
        <div className="space-y-4">
          <Alert tone="error">{errorText(portal.error)}</Alert>
          <Link to={routes.subscription} className={buttonClass('secondary')}>
            {t('billing.checkout.back')}
          </Link>
        </div>
      )}
      {data && (
        <section className={panel} aria-labelledby="payment-method-title">
          <TestModeLabel />
          <h1
            id="payment-method-title"
            className="mt-3 text-xl font-semibold tracking-tight text-neutral-900"
          >
            {t('billing.paymentMethod.title')}
          </h1>
          <p className="mt-2 text-sm text-neutral-600" data-testid="current-card">
            {data.payment_method
              ? t('billing.paymentMethod.current', {
                  card: t('billing.portal.cardEnding', {
                    brand: brandName(data.payment_method.brand) ?? t('billing.portal.genericCard'),
                    last4: data.payment_method.last4,
                  }),
                })
              : t('billing.portal.noCard')}
          </p>
          {data.open_invoices.length > 0 && (
            <div className="mt-4">
              <Alert tone="warning">
                {t('billing.paymentMethod.owed', { count: data.open_invoices.length })}
              </Alert>
            </div>
          )}
          {saved && paidCount !== null && !replace.isPending && (
            <div className="mt-4 space-y-2" data-testid="card-saved">
              <Alert tone="success">
                {t('billing.paymentMethod.saved', {
                  card: t('billing.portal.cardEnding', {
                    brand: brandName(saved.brand) ?? t('billing.portal.genericCard'),
                    last4: saved.last4,
                  }),
                })}
                {paidCount > 0 && ` ${t('billing.paymentMethod.paid', { count: paidCount })}`}
              </Alert>
              {isDecliningTestCard(saved.last4, savedNumber) && (
                <Alert tone="warning">{t('billing.paymentMethod.willDecline')}</Alert>
              )}
            </div>
          )}
          <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
            <TextField
              label={t('billing.checkout.cardNumber')}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="4242 4242 4242 4242"
              value={card}
              onChange={(event) => setCard(formatCardNumber(event.target.value))}
              // The provider's own refusal (declined, not a card number) is shown as the server words it.
              error={replace.isError ? errorText(replace.error) : null}
            />
            <Button type="submit" block loading={replace.isPending} disabled={!cardNumberReady(card)}>
              {t(
                data.open_invoices.length > 0
                  ? 'billing.paymentMethod.saveAndPay'
                  : 'billing.paymentMethod.save',
              )}
            </Button>
            <TestCardList onPick={setCard} />
          </form>
          <div className="mt-6 flex flex-wrap gap-2">
            <Link to={routes.billingPortal} className={buttonClass('secondary')}>
              {t('billing.paymentMethod.toPortal')}
            </Link>
            <Link to={routes.subscription} className={buttonClass('ghost')}>
              {t('billing.checkout.back')}
            </Link>
          </div>
        </section>
      )}
    </TestModeShell>
  )
}
