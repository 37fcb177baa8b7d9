import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { PageSpinner } from '../../components/spinner'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDateTime } from '../../lib/format-date'
import { TranscriptEditor } from '../speech-to-text/editor/transcript-editor'
import { ApplyForm } from './apply-form'
import {
  acknowledgeFeedback,
  type Claim,
  claimTask,
  extendClaim,
  getContent,
  getProducer,
  listBoard,
  listMyClaims,
  saveContent,
  submitClaim,
} from './productions-api'
import { TeamPanel } from './team-panel'
import { dollars } from './use-workspace-id'

/** The claim being worked on: the transcript editor on the working copy, save, submit, extend. */
function ActiveClaim({ claim }: { claim: Claim }) {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['producer-claims'] })
  const fail = (error: unknown) => toast({ title: errorText(error), tone: 'error' })
  const save = useMutation({
    mutationFn: async () => saveContent(claim.task_id, (await getContent(claim.task_id)).version),
    onSuccess: () => toast({ title: t('productions.work.saved') }),
    onError: fail,
  })
  const submit = useMutation({
    mutationFn: () => submitClaim(claim.task_id),
    onSuccess: refresh,
    onError: fail,
  })
  const extend = useMutation({
    mutationFn: () => extendClaim(claim.task_id),
    onSuccess: refresh,
    onError: fail,
  })
  return (
    <section className="mt-6 rounded-xl border border-neutral-200 p-4" data-testid="active-claim">
      <h2 className="text-lg font-semibold text-neutral-900">{claim.name}</h2>
      <p className="text-sm text-neutral-600">
        {t(`productions.kinds.${claim.kind}`)} ·{' '}
        {t('productions.work.deadline', { at: formatDateTime(claim.deadline_unix, i18n.language) })} ·{' '}
        {t('productions.work.bounty', { amount: dollars(claim.bounty_cents) })}
      </p>
      {claim.nearly_overdue && (
        <Alert tone="warning" className="mt-2">
          {t('productions.work.nearlyOverdue')}
        </Alert>
      )}
      {claim.instructions && <p className="mt-2 text-sm text-neutral-700">{claim.instructions}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => save.mutate()} loading={save.isPending}>
          {t('productions.work.save')}
        </Button>
        <Button onClick={() => submit.mutate()} loading={submit.isPending}>
          {t('productions.work.submit')}
        </Button>
        <Button variant="ghost" onClick={() => extend.mutate()} loading={extend.isPending}>
          {t('productions.work.extend')}
        </Button>
      </div>
      <TranscriptEditor transcriptId={claim.transcription_id} />
    </section>
  )
}

function Board() {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const board = useQuery({ queryKey: ['production-board'], queryFn: listBoard })
  const claim = useMutation({
    mutationFn: claimTask,
    onSuccess: () => queryClient.invalidateQueries(),
    onError: (error) => toast({ title: errorText(error), tone: 'error' }),
  })
  return (
    <section className="mt-6">
      <h2 className="text-lg font-semibold text-neutral-900">{t('productions.work.board')}</h2>
      {board.data?.tasks.length === 0 && (
        <p className="mt-1 text-sm text-neutral-600">{t('productions.work.emptyBoard')}</p>
      )}
      <ul
        className="mt-2 divide-y divide-neutral-200 rounded-xl border border-neutral-200"
        data-testid="production-board"
      >
        {board.data?.tasks.map((task) => (
          <li key={task.task_id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <span className="min-w-0 truncate font-medium text-neutral-900">{task.name}</span>
            <span className="text-sm text-neutral-600">
              {t(`productions.kinds.${task.kind}`)} · {task.source_language} ·{' '}
              {t('productions.quote.minutes', { value: Math.ceil(task.duration_seconds / 60) })} ·{' '}
              {dollars(task.bounty_cents)}
            </span>
            <Button variant="secondary" onClick={() => claim.mutate(task.task_id)} loading={claim.isPending}>
              {t('productions.work.claim')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}

function PastClaims({ claims }: { claims: Claim[] }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const ack = useMutation({
    mutationFn: acknowledgeFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['producer-claims'] }),
  })
  if (claims.length === 0) return null
  return (
    <section className="mt-6">
      <h2 className="text-lg font-semibold text-neutral-900">{t('productions.work.mine')}</h2>
      <ul className="mt-2 space-y-2">
        {claims.map((c) => (
          <li key={`${c.task_id}-${c.state}`} className="rounded-lg border border-neutral-200 p-3 text-sm">
            <span className="font-medium text-neutral-900">{c.name}</span> ·{' '}
            {t(`productions.claimStates.${c.state}`)}
            {c.earnings_cents > 0 && ` · ${dollars(c.earnings_cents)}`}
            {c.feedback && <p className="mt-1 text-neutral-700">“{c.feedback}”</p>}
            {c.feedback !== null && !c.feedback_acknowledged && (
              <Button variant="ghost" onClick={() => ack.mutate(c.task_id)}>
                {t('productions.work.acknowledge')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** My Productions: apply, or work the board and the claimed task. */
export function ProducerPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const producer = useQuery({ queryKey: ['producer-me'], queryFn: getProducer })
  const claims = useQuery({
    queryKey: ['producer-claims'],
    queryFn: listMyClaims,
    enabled: producer.data?.is_producer === true,
  })
  if (producer.isError) return <Alert tone="error">{errorText(producer.error)}</Alert>
  if (!producer.data) return <PageSpinner label={t('common.loading')} />
  const active = claims.data?.tasks.find((c) => c.state === 'claimed')
  return (
    <div className="mx-auto max-w-5xl">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">
          {t('productions.work.title')}
        </h1>
        {producer.data.is_admin && (
          <Link to="/app/productions/review" className="text-sm text-accent-700 underline">
            {t('productions.review.link')}
          </Link>
        )}
      </div>
      {!producer.data.is_producer ? (
        <ApplyForm />
      ) : (
        <>
          {active ? <ActiveClaim claim={active} /> : <Board />}
          <PastClaims claims={claims.data?.tasks.filter((c) => c.state !== 'claimed') ?? []} />
          <TeamPanel teamId={producer.data.team_id} />
        </>
      )}
    </div>
  )
}
