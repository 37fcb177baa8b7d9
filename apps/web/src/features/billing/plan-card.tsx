import { type BillingPeriod, type OFFERED_TIERS, PLANS, type Tier } from '@timbre/contract'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { Icon } from '../../components/icon'
import type { PlanOffer } from '../../lib/api-types'
import { planName } from './format'
import { type CardButton, type CardPrice, cardPrice, money } from './pricing-logic'

/** The feature lines of a card, from the plan catalogue (numbers) and the offer (prices). */
function useFeatures(offer: PlanOffer): string[] {
  const { t, i18n } = useTranslation()
  return planFeatures(t, i18n.language, offer)
}

/** The lines a plan card lists, each a feature this server has. */
export function planFeatures(t: TFunction, language: string, offer: PlanOffer): string[] {
  const n = (value: number) => value.toLocaleString(language)
  const tier = offer.plan_id as Tier
  const plan = PLANS[tier]
  if (offer.enterprise)
    return [
      t('billing.features.customCredits'),
      t('billing.features.seats', { count: plan.limits.maxSeats }),
      t('billing.features.support'),
    ]
  const lines = [
    t('billing.features.credits', { count: offer.character_limit, value: n(offer.character_limit) }),
    t('billing.features.minutes', { count: offer.audio_limit_minutes, value: n(offer.audio_limit_minutes) }),
    t('billing.features.voices', {
      count: offer.usage.custom_voices_limit,
      value: n(offer.usage.custom_voices_limit),
    }),
    t('billing.features.concurrency', { count: plan.limits.concurrency }),
  ]
  if (offer.features.instant_voice_cloning) lines.push(t('billing.features.instantCloning'))
  if (plan.limits.professionalVoiceLimit > 0)
    lines.push(t('billing.features.professionalClones', { count: plan.limits.professionalVoiceLimit }))
  if (plan.limits.maxSeats > 1) lines.push(t('billing.features.seats', { count: plan.limits.maxSeats }))
  if (offer.usage.additional_characters_cost !== null)
    lines.push(
      t('billing.features.extra', { price: money(offer.usage.additional_characters_cost, offer.currency) }),
    )
  // Only what this server does: agents (conversational AI) are not offered, so their minutes
  // are not advertised.
  return lines
}

function PriceBlock({
  price,
  period,
  firstMonthApplies,
}: {
  price: CardPrice
  period: BillingPeriod
  firstMonthApplies: boolean
}) {
  const { t } = useTranslation()
  if (price.main === null)
    return (
      <p className="text-3xl font-semibold tracking-tight text-neutral-900">{t('billing.pricing.custom')}</p>
    )
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-semibold tracking-tight text-neutral-900" data-testid="plan-price">
          {price.main}
        </span>
        {price.strike && (
          <s className="text-sm text-neutral-400">
            <span className="sr-only">{t('billing.pricing.listPrice')} </span>
            {price.strike}
          </s>
        )}
        <span className="text-sm text-neutral-500">{t('billing.pricing.perMonthShort')}</span>
      </p>
      <p className="mt-1 min-h-5 text-xs text-neutral-500">
        {period === 'annual_period' && price.billedYearly
          ? t('billing.pricing.billedYearly', { price: price.billedYearly })
          : price.firstMonth && firstMonthApplies
            ? t('billing.pricing.firstMonth', { price: price.firstMonth })
            : '\u00a0'}
      </p>
    </div>
  )
}

export function PlanCard({
  offer,
  period,
  button,
  current,
  busy,
  onClick,
}: {
  offer: PlanOffer
  period: BillingPeriod
  button: CardButton
  current: boolean
  busy: boolean
  onClick: () => void
}) {
  const { t } = useTranslation()
  const features = useFeatures(offer)
  const price = cardPrice(offer, period)
  const tier = offer.plan_id
  const headingId = `plan-${tier}`
  const label =
    button.kind === 'contact' ? t('billing.pricing.contactSales') : t(`billing.actions.${button.labelKey}`)
  const disabled = button.kind === 'contact' || (button.kind === 'action' && button.action.action === 'none')
  const primary =
    button.kind === 'signUp'
      ? tier !== 'free'
      : button.kind === 'action' && ['create', 'upgrade'].includes(button.action.action)
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`plan-card-${tier}`}
      className={`relative flex flex-col rounded-2xl border bg-white p-5 shadow-xs ${
        offer.most_popular ? 'border-accent-500 ring-1 ring-accent-500' : 'border-neutral-200'
      }`}
    >
      <div className="flex min-h-7 flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
          {planName(t, tier)}
        </h2>
        {offer.most_popular && (
          <span className="rounded-full bg-accent-600 px-2 py-0.5 text-xs font-medium text-white">
            {t('billing.pricing.mostPopular')}
          </span>
        )}
        {current && (
          <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-700">
            {t('billing.pricing.currentPlan')}
          </span>
        )}
      </div>
      <p className="mt-1 min-h-10 text-sm text-neutral-600">
        {t(`billing.plans.${tier as (typeof OFFERED_TIERS)[number]}`)}
      </p>
      <div className="mt-4">
        <PriceBlock
          price={price}
          period={period}
          // The first-month price is for a new subscription, not for a change of plan.
          firstMonthApplies={
            button.kind === 'signUp' || (button.kind === 'action' && button.action.action === 'create')
          }
        />
      </div>
      <Button
        className="mt-4"
        block
        variant={
          button.kind === 'action' && button.action.action === 'cancel'
            ? 'secondary'
            : primary
              ? 'primary'
              : 'secondary'
        }
        disabled={disabled}
        loading={busy}
        onClick={onClick}
        aria-describedby={headingId}
      >
        {label}
      </Button>
      <ul className="mt-5 space-y-2 text-sm text-neutral-700">
        {features.map((line) => (
          <li key={line} className="flex gap-2">
            <Icon name="check" className="mt-0.5 size-4 shrink-0 text-accent-600" />
            <span>{line}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
