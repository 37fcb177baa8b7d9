import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { TextField } from '../../components/text-field'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import {
  type Claim,
  decideApplicant,
  listPendingApplicants,
  listUnderReview,
  reviewClaim,
  reviewExtras,
} from './productions-api'

function ReviewItem({ claim }: { claim: Claim }) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [feedback, setFeedback] = useState('')
  const extras = useQuery({
    queryKey: ['review-extras', claim.producer_id, claim.task_id],
    queryFn: () => reviewExtras(claim.producer_id, claim.task_id),
  })
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'reject') =>
      reviewClaim(claim.producer_id, claim.task_id, decision, feedback),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['under-review'] }),
    onError: (error) => toast({ title: errorText(error), tone: 'error' }),
  })
  return (
    <li className="rounded-xl border border-neutral-200 p-4" data-testid="review-item">
      <h3 className="font-medium text-neutral-900">{claim.name}</h3>
      <pre className="mt-2 max-h-60 overflow-auto rounded-lg bg-neutral-50 p-3 text-sm whitespace-pre-wrap text-neutral-800">
        {extras.data?.text ?? ''}
      </pre>
      <TextField
        label={t('productions.review.feedback')}
        value={feedback}
        onChange={(e) => setFeedback(e.target.value)}
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <Button onClick={() => decide.mutate('approve')} loading={decide.isPending}>
          {t('productions.review.approve')}
        </Button>
        <Button variant="danger" onClick={() => decide.mutate('reject')} loading={decide.isPending}>
          {t('productions.review.reject')}
        </Button>
      </div>
    </li>
  )
}

/** Pending Producers and Task review, for Productions administrators. */
export function ReviewPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const applicants = useQuery({ queryKey: ['pending-producers'], queryFn: listPendingApplicants })
  const review = useQuery({ queryKey: ['under-review'], queryFn: listUnderReview })
  const decide = useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      decideApplicant(id, decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pending-producers'] }),
  })
  if (review.isError) return <Alert tone="error">{errorText(review.error)}</Alert>
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">
        {t('productions.review.title')}
      </h1>
      <h2 className="mt-6 text-lg font-semibold text-neutral-900">{t('productions.review.pending')}</h2>
      {applicants.data?.applicants?.length === 0 && (
        <p className="text-sm text-neutral-600">{t('productions.review.nonePending')}</p>
      )}
      <ul className="mt-2 space-y-2">
        {applicants.data?.applicants?.map((a) => (
          <li
            key={a.applicant_id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-neutral-200 p-3 text-sm"
          >
            <span>
              <span className="font-medium text-neutral-900">{a.first_name}</span> · {a.email} ·{' '}
              {a.qualifications.map((q) => `${t(`productions.kinds.${q.base}`)} (${q.language})`).join(', ')}
            </span>
            <span className="flex gap-2">
              <Button
                variant="secondary"
                onClick={() => decide.mutate({ id: a.applicant_id, decision: 'approve' })}
              >
                {t('productions.review.approve')}
              </Button>
              <Button
                variant="ghost"
                onClick={() => decide.mutate({ id: a.applicant_id, decision: 'reject' })}
              >
                {t('productions.review.reject')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <h2 className="mt-6 text-lg font-semibold text-neutral-900">{t('productions.review.underReview')}</h2>
      {review.data?.under_review.length === 0 && (
        <p className="text-sm text-neutral-600">{t('productions.review.noneUnderReview')}</p>
      )}
      <ul className="mt-2 space-y-3">
        {review.data?.under_review.map((c) => (
          <ReviewItem key={c.task_id} claim={c} />
        ))}
      </ul>
    </div>
  )
}
