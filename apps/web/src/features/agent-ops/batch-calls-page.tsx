import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Badge } from '../../components/badge'
import { Button } from '../../components/button'
import { ProgressBar } from '../../components/progress-bar'
import { LabelledSelect } from '../../components/select'
import { Spinner } from '../../components/spinner'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDateTime } from '../../lib/format-date'
import { listAgents } from '../agents/agents-api'
import {
  cancelBatch,
  getBatch,
  listBatches,
  listPhoneNumbers,
  retryBatch,
  submitBatch,
} from './agent-ops-api'
import { readBatchFile } from './batch-file'
import { OpsNav, STATUS_TONES, statusKey } from './ops-nav'

const LIVE = ['pending', 'in_progress']

/** Batch calls: send a CSV of recipients now, follow each batch, cancel it or retry its unanswered calls. */
export function BatchCallsPage() {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const batches = useQuery({
    queryKey: ['batch-calls'],
    queryFn: listBatches,
    refetchInterval: (q) => (q.state.data?.some((b) => LIVE.includes(b.status)) ? 2000 : false),
  })
  const agents = useQuery({ queryKey: ['agents'], queryFn: listAgents })
  const numbers = useQuery({ queryKey: ['phone-numbers'], queryFn: listPhoneNumbers })
  const [form, setForm] = useState({ name: '', agentId: '', numberId: '' })
  const [recipients, setRecipients] = useState<Array<Record<string, unknown>> | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [openId, setOpenId] = useState<string | null>(null)
  const detail = useQuery({
    queryKey: ['batch-call', openId],
    queryFn: () => getBatch(openId ?? ''),
    enabled: openId !== null,
    refetchInterval: (q) => (q.state.data && LIVE.includes(q.state.data.status) ? 1000 : false),
  })
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['batch-calls'] }),
      queryClient.invalidateQueries({ queryKey: ['batch-call'] }),
    ])
  const submit = useMutation({
    mutationFn: () =>
      submitBatch({
        call_name: form.name,
        agent_id: form.agentId,
        agent_phone_number_id: form.numberId,
        recipients,
      }),
    onSuccess: async (batch) => {
      setOpenId(batch.id)
      setRecipients(null)
      await refresh()
    },
  })
  const cancel = useMutation({ mutationFn: cancelBatch, onSuccess: refresh })
  const retry = useMutation({ mutationFn: retryBatch, onSuccess: refresh })

  const onFile = async (file: File | undefined) => {
    setFileError(null)
    setRecipients(null)
    if (!file) return
    const result = await readBatchFile(file.name, await file.arrayBuffer())
    if (result.ok) setRecipients(result.recipients)
    else setFileError(t(`agentOps.batch.fileErrors.${result.reason}`))
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    submit.mutate()
  }
  const actionError = cancel.error ?? retry.error

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('agentOps.batch.title')}</h1>
      <p className="mt-1 mb-4 text-sm text-neutral-600">{t('agentOps.batch.subtitle')}</p>
      <OpsNav />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <form
          onSubmit={onSubmit}
          className="grid gap-3 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs"
        >
          <h2 className="text-sm font-semibold text-neutral-900">{t('agentOps.batch.new')}</h2>
          <TextField
            label={t('agentOps.batch.name')}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            required
          />
          <LabelledSelect
            label={t('agentOps.agent')}
            value={form.agentId}
            onChange={(agentId) => setForm({ ...form, agentId })}
            options={[
              { value: '', label: t('agentOps.chooseAgent') },
              ...(agents.data ?? []).map((a) => ({ value: a.agent_id, label: a.name })),
            ]}
          />
          <LabelledSelect
            label={t('agentOps.batch.from')}
            value={form.numberId}
            onChange={(numberId) => setForm({ ...form, numberId })}
            options={[
              { value: '', label: t('agentOps.batch.chooseNumber') },
              ...(numbers.data ?? []).map((n) => ({
                value: n.phone_number_id,
                label: `${n.phone_number} · ${n.label}`,
              })),
            ]}
          />
          <div>
            <label htmlFor="batch-file" className="mb-1.5 block text-sm font-medium text-neutral-800">
              {t('agentOps.batch.file')}
            </label>
            <input
              id="batch-file"
              type="file"
              accept=".csv,.xlsx"
              className="block w-full text-sm text-neutral-700"
              onChange={(e) => onFile(e.target.files?.[0])}
            />
            <p className="mt-1.5 text-xs text-neutral-500">{t('agentOps.batch.fileHint')}</p>
          </div>
          {fileError && <Alert tone="error">{fileError}</Alert>}
          {recipients && (
            <p className="text-sm text-neutral-700">
              {t('agentOps.batch.recipients', { count: recipients.length })}
            </p>
          )}
          {submit.error && <Alert tone="error">{errorText(submit.error)}</Alert>}
          <div>
            <Button
              type="submit"
              disabled={!recipients || !form.agentId || !form.numberId || submit.isPending}
            >
              {t('agentOps.batch.send')}
            </Button>
          </div>
        </form>
        <section>
          {batches.isPending && <Spinner />}
          {batches.error && <Alert tone="error">{errorText(batches.error)}</Alert>}
          {batches.data?.length === 0 && (
            <p className="text-sm text-neutral-600">{t('agentOps.batch.empty')}</p>
          )}
          <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white">
            {batches.data?.map((b) => (
              <li key={b.id} className="p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <button
                    type="button"
                    className="text-left text-sm font-medium text-neutral-900 hover:underline"
                    onClick={() => setOpenId(b.id)}
                  >
                    {b.name}
                  </button>
                  <Badge tone={STATUS_TONES[b.status] ?? 'neutral'}>{t(statusKey(b.status))}</Badge>
                </div>
                <p className="mt-1 text-xs text-neutral-600">
                  {b.agent_name} · {formatDateTime(b.created_at_unix, i18n.language)} ·{' '}
                  {t('agentOps.batch.counts', {
                    dispatched: b.total_calls_dispatched,
                    total: b.total_calls_scheduled,
                  })}
                </p>
                {LIVE.includes(b.status) && (
                  <ProgressBar percent={b.progress_percent} label={t('agentOps.batch.progress')} />
                )}
              </li>
            ))}
          </ul>
          {detail.data && (
            <div className="mt-4 rounded-2xl border border-neutral-200 bg-white p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-sm font-semibold text-neutral-900">{detail.data.name}</h2>
                <span className="flex gap-2">
                  <Button variant="secondary" onClick={() => cancel.mutate(detail.data.id)}>
                    {t('agentOps.batch.cancel')}
                  </Button>
                  <Button variant="secondary" onClick={() => retry.mutate(detail.data.id)}>
                    {t('agentOps.batch.retry')}
                  </Button>
                </span>
              </div>
              {actionError && (
                <div className="mt-2">
                  <Alert tone="error">{errorText(actionError)}</Alert>
                </div>
              )}
              <ul className="mt-3 max-h-80 divide-y divide-neutral-100 overflow-y-auto">
                {detail.data.recipients?.map((r) => (
                  <li key={r.id} className="flex items-center justify-between gap-2 py-1.5 text-sm">
                    <span className="tabular-nums text-neutral-800">{r.phone_number}</span>
                    <Badge tone={STATUS_TONES[r.status] ?? 'neutral'}>{t(statusKey(r.status))}</Badge>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
      </div>
    </div>
  )
}
