import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { ProgressBar } from '../../components/progress-bar'
import { LabelledSelect } from '../../components/select'
import { PageSpinner } from '../../components/spinner'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDateTime } from '../../lib/format-date'
import { PaymentPanel } from './payment-panel'
import {
  type Deliverable,
  deliverableUrl,
  type EventKey,
  getProduction,
  rateDeliverable,
} from './productions-api'
import { dollars, useWorkspaceId } from './use-workspace-id'

function Feedback({
  workspaceId,
  taskId,
  deliverable,
}: {
  workspaceId: string
  taskId: string
  deliverable: Deliverable
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [rating, setRating] = useState('5')
  const [comment, setComment] = useState('')
  const rate = useMutation({
    mutationFn: () =>
      rateDeliverable(workspaceId, taskId, deliverable.deliverable_id, Number(rating), comment),
  })
  if (rate.isSuccess) return <p className="text-sm text-emerald-700">{t('productions.thanks')}</p>
  return (
    <form
      className="mt-2 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        rate.mutate()
      }}
    >
      <LabelledSelect
        label={t('productions.rating')}
        value={rating}
        onChange={setRating}
        options={['5', '4', '3', '2', '1'].map((v) => ({ value: v, label: '★'.repeat(Number(v)) }))}
      />
      <TextField
        label={t('productions.comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <Button type="submit" variant="secondary" loading={rate.isPending}>
        {t('productions.rate')}
      </Button>
      {rate.isError && <Alert tone="error">{errorText(rate.error)}</Alert>}
    </form>
  )
}

/** Order confirmation and progress: status, quote, history, deliverables to download and rate. */
export function OrderPage() {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const { id = '' } = useParams()
  const workspaceId = useWorkspaceId()
  const task = useQuery({
    queryKey: ['production', workspaceId, id],
    queryFn: () => getProduction(workspaceId!, id),
    enabled: workspaceId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'complete' ? false : 5000),
  })
  if (task.isError) return <Alert tone="error">{errorText(task.error)}</Alert>
  if (!task.data || !workspaceId) return <PageSpinner label={t('common.loading')} />
  const p = task.data
  return (
    <div className="mx-auto max-w-3xl" data-testid="production-order" data-status={p.status}>
      <Link to="/app/productions" className="text-sm text-neutral-600 underline">
        {t('productions.back')}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight break-words text-neutral-900">{p.name}</h1>
      <p className="mt-1 text-sm text-neutral-600">
        {t(`productions.kinds.${p.options.kind}`)} · {dollars(p.quote.total_cents)} ·{' '}
        {t(`productions.status.${p.status}`)}
      </p>
      <ProgressBar
        className="mt-4"
        percent={p.progress_percent}
        label={t(`productions.status.${p.status}`)}
      />
      {p.status === 'payment_pending' && <PaymentPanel workspaceId={workspaceId} task={p} />}
      {p.status === 'cancelled' && p.cancel_reason && (
        <Alert tone="warning" className="mt-4">
          {p.cancel_reason}
        </Alert>
      )}
      <h2 className="mt-6 text-lg font-semibold text-neutral-900">{t('productions.deliverables')}</h2>
      {p.deliverables.length === 0 ? (
        <p className="mt-1 text-sm text-neutral-600">{t('productions.noDeliverables')}</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {p.deliverables.map((d) => (
            <li key={d.deliverable_id} className="rounded-lg border border-neutral-200 p-3">
              <a
                className="font-medium text-accent-700 underline"
                href={deliverableUrl(workspaceId, p.description_id, d.deliverable_id)}
                download={d.name}
              >
                {t('productions.download', { name: d.name })}
              </a>
              <Feedback workspaceId={workspaceId} taskId={p.description_id} deliverable={d} />
            </li>
          ))}
        </ul>
      )}
      <h2 className="mt-6 text-lg font-semibold text-neutral-900">{t('productions.history')}</h2>
      <ol className="mt-2 space-y-1 text-sm text-neutral-700">
        {p.history.map((h) => (
          <li key={`${h.at_unix}-${h.event}`}>
            {formatDateTime(h.at_unix, i18n.language)} —{' '}
            {t(`productions.events.${h.event.replaceAll(' ', '_') as EventKey}`)}
          </li>
        ))}
      </ol>
    </div>
  )
}
