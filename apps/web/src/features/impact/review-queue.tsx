import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDate } from '../../lib/format-date'
import { textareaClass } from './application-form'
import { type ImpactApplication, type ImpactDecision, reviewApplication } from './impact-api'
import { StatusBadge } from './status-badge'

/** One application a partner reviews: approve (grants the benefit), ask for more, or reject. */
function ReviewCard({ application }: { application: ImpactApplication }) {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [message, setMessage] = useState('')
  const decide = useMutation({
    mutationFn: (decision: ImpactDecision) =>
      reviewApplication(application.application_id, {
        decision,
        ...(message.trim() ? { message: message.trim() } : {}),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['impact'] }),
  })
  const open = application.status === 'pending'
  return (
    <li className="space-y-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-neutral-900">
          {application.organisation} · {application.partner_name}
        </p>
        <StatusBadge status={application.status} />
      </div>
      <p className="text-xs text-neutral-500">
        {application.applicant_email} · {formatDate(application.created_at_unix, i18n.language)}
      </p>
      <p className="text-sm whitespace-pre-line text-neutral-700">{application.statement}</p>
      {application.review_message && (
        <p className="text-sm text-neutral-600">
          {t('impact.yourMessage', { message: application.review_message })}
        </p>
      )}
      {open && (
        <>
          <label
            className="block text-sm font-medium text-neutral-800"
            htmlFor={`msg-${application.application_id}`}
          >
            {t('impact.reviewMessage')}
          </label>
          <textarea
            id={`msg-${application.application_id}`}
            className={textareaClass}
            rows={2}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          {decide.isError && <Alert tone="error">{errorText(decide.error)}</Alert>}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => decide.mutate('approve')} loading={decide.isPending}>
              {t('impact.decision.approve')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => decide.mutate('request_more_info')}
              disabled={decide.isPending}
            >
              {t('impact.decision.request_more_info')}
            </Button>
            <Button variant="secondary" onClick={() => decide.mutate('reject')} disabled={decide.isPending}>
              {t('impact.decision.reject')}
            </Button>
          </div>
        </>
      )}
    </li>
  )
}

/** The applications sent to the partners this user reviews for (shown only to reviewers). */
export function ReviewQueue({ applications }: { applications: ImpactApplication[] }) {
  const { t } = useTranslation()
  if (applications.length === 0) return null
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-neutral-900">{t('impact.toReview')}</h2>
      <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
        {applications.map((a) => (
          <ReviewCard key={a.application_id} application={a} />
        ))}
      </ul>
    </section>
  )
}
