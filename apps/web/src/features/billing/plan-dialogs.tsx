import {
  type BillingPeriod,
  billingDisplayTier,
  type CurrentPlan,
  type PaidPurchasableTier,
  PLANS,
  type PurchasableTier,
} from '@timbre/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Modal, ModalActions } from '../../components/modal'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import type { SubscriptionInfo } from '../../lib/api-types'
import { useSubscriptionOperation } from './billing-queries'
import { formatDate, planName } from './format'
import { useStartCheckout } from './use-checkout'

/** The retention offer of the cancellation flow (one of the product's discount codes). */
export const RETENTION_DISCOUNT_CODE = 'special-offer-30'

function newKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`
}

function usePeriodEnd(info: SubscriptionInfo | undefined): string | null {
  const { i18n } = useTranslation()
  const end = info?.current_period_end_unix ?? null
  return end === null ? null : formatDate(end, i18n.language)
}

/**
 * Upgrade now: the new plan's price less the unused part of the current period is charged at
 * once. From a grant the same dialog starts a subscription through checkout ('Start Today').
 */
export function UpgradeDialog({
  tier,
  period,
  price,
  mode,
  currency,
  promocode,
  onClose,
  onDone,
}: {
  tier: PaidPurchasableTier
  period: BillingPeriod
  /** The price text of the card (per month). */
  price: string | null
  mode: 'upgrade' | 'create'
  currency: 'usd' | 'eur'
  promocode?: string | null
  onClose: () => void
  onDone?: () => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const operation = useSubscriptionOperation()
  const checkout = useStartCheckout()
  // One key per dialog: a double click or a retry never charges twice.
  const [idempotencyKey] = useState(newKey)
  const name = planName(t, tier)
  const credits = PLANS[tier].limits.characterLimit
  const confirm = () => {
    if (mode === 'create') {
      checkout.mutate({ subscription_type: tier, billing_period: period, currency, promocode })
      return
    }
    operation.mutate(
      {
        kind: 'change',
        request: {
          subscription_type: tier,
          billing_period: period,
          idempotency_key: idempotencyKey,
          promocode: promocode ?? null,
        },
      },
      { onSuccess: () => (onDone ?? onClose)() },
    )
  }
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('billing.upgrade.title', { plan: name })}
      description={t(mode === 'create' ? 'billing.upgrade.createBody' : 'billing.upgrade.body', {
        plan: name,
      })}
    >
      <dl className="space-y-2 rounded-xl border border-neutral-200 p-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-neutral-600">{t('billing.upgrade.price')}</dt>
          <dd className="font-medium text-neutral-900">
            {price === null ? t('billing.pricing.custom') : t('billing.pricing.perMonth', { price })}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-neutral-600">{t('billing.upgrade.period')}</dt>
          <dd className="font-medium text-neutral-900">{t(`billing.periods.${period}`)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-neutral-600">{t('billing.upgrade.credits')}</dt>
          <dd className="font-medium text-neutral-900">{credits.toLocaleString()}</dd>
        </div>
      </dl>
      {operation.isError && (
        <Alert tone="error" className="mt-4">
          {t('billing.errors.changeFailed', { change: t('billing.verbs.upgrade') })}{' '}
          {errorText(operation.error, '')}
        </Alert>
      )}
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={confirm} loading={operation.isPending || checkout.isPending || checkout.isSuccess}>
          {t(mode === 'create' ? 'billing.actions.startToday' : 'billing.actions.upgrade')}
        </Button>
      </ModalActions>
    </Modal>
  )
}

/** A downgrade waits for the end of the paid period; until then the current plan stays. */
export function DowngradeDialog({
  tier,
  period,
  current,
  info,
  onClose,
}: {
  tier: PurchasableTier
  period: BillingPeriod
  current: CurrentPlan
  info: SubscriptionInfo | undefined
  onClose: () => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const operation = useSubscriptionOperation()
  const toast = useToast()
  const date = usePeriodEnd(info)
  const values = {
    plan: planName(t, tier),
    current: planName(t, billingDisplayTier(current.tier)),
    date: date ?? '',
  }
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('billing.downgrade.title', values)}
      description={t(date ? 'billing.downgrade.body' : 'billing.downgrade.bodyNoDate', values)}
    >
      {operation.isError && (
        <Alert tone="error">
          {t('billing.errors.changeFailed', { change: t('billing.verbs.downgrade') })}{' '}
          {errorText(operation.error, '')}
        </Alert>
      )}
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          {t('billing.downgrade.keep', values)}
        </Button>
        <Button
          loading={operation.isPending}
          onClick={() =>
            operation.mutate(
              {
                kind: 'change',
                request: { subscription_type: tier, billing_period: period },
              },
              {
                onSuccess: () => {
                  toast({ title: t('billing.done.downgrade', values), tone: 'success' })
                  onClose()
                },
              },
            )
          }
        >
          {t('billing.actions.downgrade')}
        </Button>
      </ModalActions>
    </Modal>
  )
}

/**
 * The cancellation flow: first a retention discount (unless one is already applied), then the
 * confirmation. The plan stays until the end of the paid period.
 */
export function CancellationDialog({
  info,
  onClose,
}: {
  info: SubscriptionInfo | undefined
  onClose: () => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const operation = useSubscriptionOperation()
  const toast = useToast()
  const [step, setStep] = useState<'offer' | 'confirm'>(info?.discount ? 'confirm' : 'offer')
  const date = usePeriodEnd(info)
  if (step === 'offer')
    return (
      <Modal
        open
        onOpenChange={(open) => !open && onClose()}
        title={t('billing.cancel.offerTitle')}
        description={t('billing.cancel.offerBody', { percent: 30 })}
      >
        {operation.isError && <Alert tone="error">{errorText(operation.error)}</Alert>}
        <ModalActions>
          <Button variant="secondary" onClick={() => setStep('confirm')}>
            {t('billing.cancel.continue')}
          </Button>
          <Button
            loading={operation.isPending}
            onClick={() =>
              operation.mutate(
                { kind: 'discount', code: RETENTION_DISCOUNT_CODE },
                {
                  onSuccess: () => {
                    toast({
                      title: t('billing.done.discount', { code: RETENTION_DISCOUNT_CODE }),
                      tone: 'success',
                    })
                    onClose()
                  },
                },
              )
            }
          >
            {t('billing.cancel.takeOffer', { percent: 30 })}
          </Button>
        </ModalActions>
      </Modal>
    )
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('billing.cancel.title')}
      description={t(date ? 'billing.cancel.body' : 'billing.cancel.bodyNoDate', { date })}
    >
      {/* A refused cancellation shows the server's own message. */}
      {operation.isError && <Alert tone="error">{errorText(operation.error)}</Alert>}
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          {t('billing.cancel.keep')}
        </Button>
        <Button
          variant="danger"
          loading={operation.isPending}
          onClick={() =>
            operation.mutate(
              { kind: 'cancel' },
              {
                onSuccess: () => {
                  toast({ title: t('billing.done.cancel'), tone: 'success' })
                  onClose()
                },
              },
            )
          }
        >
          {t('billing.actions.cancelSubscription')}
        </Button>
      </ModalActions>
    </Modal>
  )
}
