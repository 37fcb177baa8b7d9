import { type CurrentPlan, formatPrice, PROMO_UPGRADE_BILLING_PERIOD } from '@timbre/contract'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Button, buttonClass } from '../../components/button'
import { Modal, ModalActions } from '../../components/modal'
import type { PromoValidation } from '../../lib/api-types'
import { pathTo, withQuery } from '../../routes'
import { changeSubscription } from './billing-api'
import { usePromoValidation, useRefreshBilling } from './billing-queries'
import { planName } from './format'
import { promoUpgrade } from './pricing-logic'
import { firstPromoFailure, forgetPromocode, rememberPromocode, storedPromocode } from './promo-storage'
import { useStartCheckout } from './use-checkout'

/** The promo code of this visit: the `coupon` query parameter (kept), else the stored one. */
export function usePromocode(): [string | null, (code: string | null) => void] {
  const [params] = useSearchParams()
  const fromQuery = params.get('coupon')?.trim() || null
  const [code, setCode] = useState<string | null>(() => fromQuery ?? storedPromocode())
  useEffect(() => {
    if (fromQuery) {
      rememberPromocode(fromQuery)
      setCode(fromQuery)
    }
  }, [fromQuery])
  const update = (next: string | null) => {
    if (next) rememberPromocode(next)
    else forgetPromocode()
    setCode(next)
  }
  return [code, update]
}

/** The discount a valid promo gives, in words ("50%" or "$22"). */
export function promoDiscount(promo: PromoValidation, currency: 'usd' | 'eur'): string | null {
  if (promo.percent_off !== null) return `${promo.percent_off}%`
  if (promo.amount_off !== null) return formatPrice(promo.amount_off, currency)
  return null
}

/**
 * The promo dialogs of a page: a code whose amount names a plan offers that plan (monthly);
 * a code that does not validate shows the failure dialog once per page and code.
 */
export function PromoDialogs({
  page,
  code,
  signedIn,
  current,
  currency,
  onInvalid,
  onUsed,
}: {
  page: string
  code: string | null
  signedIn: boolean
  current: CurrentPlan | null
  currency: 'usd' | 'eur'
  onInvalid: () => void
  /** The code paid for an upgrade: it is not kept for a later checkout. */
  onUsed: () => void
}) {
  const { t } = useTranslation()
  const validation = usePromoValidation(signedIn ? code : null)
  const [dismissed, setDismissed] = useState<string | null>(null)
  const [failure, setFailure] = useState<{ kind: 'invalid' | 'signIn'; code: string } | null>(null)
  const refresh = useRefreshBilling()
  const checkout = useStartCheckout()
  const [upgrading, setUpgrading] = useState(false)
  const [idempotencyKey] = useState(() => globalThis.crypto?.randomUUID?.() ?? String(Date.now()))

  const invalid = signedIn && (validation.data?.valid === false || validation.isError)
  useEffect(() => {
    if (!code) return
    if (!signedIn) {
      if (firstPromoFailure(page, code)) setFailure({ kind: 'signIn', code })
    } else if (invalid) {
      if (firstPromoFailure(page, code)) setFailure({ kind: 'invalid', code })
      onInvalid()
    }
  }, [code, signedIn, invalid, page, onInvalid])

  const promo = validation.data?.valid ? validation.data : null
  const target = promoUpgrade(promo, current)
  const tier = target?.tier ?? null
  const action = target?.via ?? null
  const offer = code && tier && dismissed !== code

  const upgrade = async () => {
    if (!code || !tier) return
    if (action === 'create') {
      checkout.mutate({
        subscription_type: tier,
        billing_period: PROMO_UPGRADE_BILLING_PERIOD,
        currency,
        promocode: code,
      })
      return
    }
    setUpgrading(true)
    try {
      refresh(
        await changeSubscription({
          subscription_type: tier,
          billing_period: PROMO_UPGRADE_BILLING_PERIOD,
          promocode: code,
          idempotency_key: idempotencyKey,
        }),
      )
      onUsed()
    } catch {
      // The product swallows a failed upgrade from this dialog: the plan simply stays.
    } finally {
      setUpgrading(false)
      setDismissed(code)
    }
  }

  return (
    <>
      {offer && promo && tier && (
        <Modal
          open
          onOpenChange={(open) => !open && setDismissed(code)}
          title={t('billing.promo.upgradeTitle', { plan: planName(t, tier) })}
          description={t('billing.promo.upgradeBody', {
            code,
            plan: planName(t, tier),
            discount: promoDiscount(promo, currency) ?? '',
            count: promo.duration_in_months ?? 1,
          })}
        >
          <ModalActions>
            <Button variant="secondary" onClick={() => setDismissed(code)}>
              {t('billing.promo.later')}
            </Button>
            <Button loading={upgrading || checkout.isPending || checkout.isSuccess} onClick={upgrade}>
              {t('billing.promo.upgrade', { plan: planName(t, tier) })}
            </Button>
          </ModalActions>
        </Modal>
      )}
      {failure?.kind === 'invalid' && (
        <Modal
          open
          onOpenChange={(open) => !open && setFailure(null)}
          title={t('billing.promo.invalid')}
          description={t('billing.promo.invalidBody', { code: failure.code })}
        >
          <ModalActions>
            <Button onClick={() => setFailure(null)}>{t('common.close')}</Button>
          </ModalActions>
        </Modal>
      )}
      {failure?.kind === 'signIn' && (
        <Modal
          open
          onOpenChange={(open) => !open && setFailure(null)}
          title={t('billing.promo.signIn')}
          description={t('billing.promo.signInBody', { code: failure.code })}
        >
          <ModalActions>
            <Link to={pathTo('signIn')} className={buttonClass('secondary')}>
              {t('billing.promo.signInButton')}
            </Link>
            <Link
              to={withQuery(pathTo('signUp'), { coupon: failure.code })}
              className={buttonClass('primary')}
            >
              {t('billing.promo.signUpButton')}
            </Link>
          </ModalActions>
        </Modal>
      )}
    </>
  )
}
