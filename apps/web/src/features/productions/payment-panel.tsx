import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { useErrorText } from '../../i18n/use-error-text'
import { useSubscriptionInfo } from '../billing/billing-queries'
import { decideQuote, type ProductionTask, payWithCheckout, payWithCredits } from './productions-api'
import { dollars } from './use-workspace-id'

/** Enterprise workspaces (and trials, their evaluation) decide on quotes instead of paying by card. */
const QUOTE_TIERS = ['enterprise', 'trial']

/** Sends the browser to the checkout page (a full navigation: it may be the card provider's). */
export const browser = { goTo: (url: string) => window.location.assign(url) }

/**
 * An order waiting for payment: pay with the workspace's credits or by card on the checkout page;
 * an enterprise workspace accepts or declines the quote.
 */
export function PaymentPanel({ workspaceId, task }: { workspaceId: string; task: ProductionTask }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const plan = useSubscriptionInfo()
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['production', workspaceId] })
  const credits = useMutation({
    mutationFn: () => payWithCredits(workspaceId, task.order_id),
    onSuccess: refresh,
  })
  const card = useMutation({
    mutationFn: () => payWithCheckout(workspaceId, task.order_id),
    onSuccess: (page) => browser.goTo(page.url),
  })
  const decide = useMutation({
    mutationFn: (decision: 'accept' | 'decline') => decideQuote(workspaceId, task.description_id, decision),
    onSuccess: refresh,
  })
  const enterprise = plan.data !== undefined && QUOTE_TIERS.includes(plan.data.tier)
  const failed = [credits, card, decide].find((m) => m.isError)
  return (
    <section className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4" aria-labelledby="pay-title">
      <h2 id="pay-title" className="font-semibold text-neutral-900">
        {t('productions.pay.title', { total: dollars(task.quote.total_cents) })}
      </h2>
      <p className="mt-1 text-sm text-neutral-700">
        {enterprise
          ? t('productions.pay.quoteIntro', { credits: task.quote.credits.toLocaleString() })
          : t('productions.pay.intro')}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {enterprise ? (
          <>
            <Button
              loading={decide.isPending && decide.variables === 'accept'}
              onClick={() => decide.mutate('accept')}
            >
              {t('productions.pay.accept')}
            </Button>
            <Button
              variant="secondary"
              loading={decide.isPending && decide.variables === 'decline'}
              onClick={() => decide.mutate('decline')}
            >
              {t('productions.pay.decline')}
            </Button>
          </>
        ) : (
          <>
            <Button loading={credits.isPending} onClick={() => credits.mutate()}>
              {t('productions.pay.credits', { credits: task.quote.credits.toLocaleString() })}
            </Button>
            <Button variant="secondary" loading={card.isPending} onClick={() => card.mutate()}>
              {t('productions.pay.card')}
            </Button>
          </>
        )}
      </div>
      {failed && (
        <Alert tone="error" className="mt-3">
          {errorText(failed.error)}
        </Alert>
      )}
    </section>
  )
}
