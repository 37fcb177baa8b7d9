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
import { listAgents } from '../agents/agents-api'
import {
  createTest,
  deleteTest,
  getInvocation,
  getTest,
  listTests,
  type NewTest,
  runTests,
  updateTest,
} from './agent-ops-api'
import { OpsNav, STATUS_TONES, statusKey } from './ops-nav'

interface Draft {
  id: string | null
  type: 'llm' | 'tool'
  name: string
  message: string
  condition: string
  tool: string
  path: string
  expected: string
}

const EMPTY: Draft = {
  id: null,
  type: 'llm',
  name: '',
  message: '',
  condition: '',
  tool: '',
  path: '',
  expected: '',
}

function bodyOf(d: Draft): NewTest {
  const base = {
    type: d.type,
    name: d.name,
    chat_history: [{ role: 'user' as const, message: d.message, time_in_call_secs: 0 }],
  }
  if (d.type === 'llm') return { ...base, success_condition: d.condition }
  return {
    ...base,
    tool_call_parameters: {
      referenced_tool: { id: d.tool, type: 'client' },
      parameters: d.path ? [{ path: d.path, eval: { type: 'exact', expected_value: d.expected } }] : [],
    },
  }
}

/** The workspace's agent tests: write and change them, run them all on an agent, see each result. */
export function TestsPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const tests = useQuery({ queryKey: ['agent-tests'], queryFn: listTests })
  const agents = useQuery({ queryKey: ['agents'], queryFn: listAgents })
  const [draft, setDraft] = useState<Draft>(EMPTY)
  const [agentId, setAgentId] = useState('')
  const [invocationId, setInvocationId] = useState<string | null>(null)
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }))

  const save = useMutation({
    mutationFn: (d: Draft) => (d.id ? updateTest(d.id, bodyOf(d)) : createTest(bodyOf(d))),
    onSuccess: async () => {
      setDraft(EMPTY)
      await queryClient.invalidateQueries({ queryKey: ['agent-tests'] })
    },
  })
  const remove = useMutation({
    mutationFn: deleteTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agent-tests'] }),
  })
  const edit = useMutation({
    mutationFn: getTest,
    onSuccess: (test) => {
      const parameter = test.tool_call_parameters?.parameters[0]
      setDraft({
        id: test.id,
        type: test.type,
        name: test.name,
        message: test.chat_history.at(-1)?.message ?? '',
        condition: test.success_condition ?? '',
        tool: test.tool_call_parameters?.referenced_tool.id ?? '',
        path: parameter?.path ?? '',
        expected: parameter?.eval.type === 'exact' ? parameter.eval.expected_value : '',
      })
    },
  })
  const run = useMutation({
    mutationFn: () =>
      runTests(
        agentId,
        (tests.data ?? []).filter((x) => x.entity_type === 'test').map((x) => x.id),
      ),
    onSuccess: (invocation) => setInvocationId(invocation.id),
  })
  const invocation = useQuery({
    queryKey: ['test-invocation', invocationId],
    queryFn: () => getInvocation(invocationId ?? ''),
    enabled: invocationId !== null,
    refetchInterval: (query) =>
      query.state.data?.test_runs.some((r) => r.status === 'pending' || r.status === 'running')
        ? 1000
        : false,
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(draft)
  }
  const agentOptions = [
    { value: '', label: t('agentOps.chooseAgent') },
    ...(agents.data ?? []).map((a) => ({ value: a.agent_id, label: a.name })),
  ]

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('agentOps.tests.title')}</h1>
      <p className="mt-1 mb-4 text-sm text-neutral-600">{t('agentOps.tests.subtitle')}</p>
      <OpsNav />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <section className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs">
          <h2 className="text-sm font-semibold text-neutral-900">
            {draft.id ? t('agentOps.tests.edit') : t('agentOps.tests.new')}
          </h2>
          <form className="mt-3 grid gap-3" onSubmit={submit}>
            <LabelledSelect
              label={t('agentOps.tests.type')}
              value={draft.type}
              onChange={(type) => set({ type })}
              options={[
                { value: 'llm', label: t('agentOps.tests.types.llm') },
                { value: 'tool', label: t('agentOps.tests.types.tool') },
              ]}
            />
            <TextField
              label={t('agentOps.tests.name')}
              value={draft.name}
              onChange={(e) => set({ name: e.target.value })}
              required
            />
            <TextField
              label={t('agentOps.tests.userMessage')}
              hint={t('agentOps.tests.userMessageHint')}
              value={draft.message}
              onChange={(e) => set({ message: e.target.value })}
            />
            {draft.type === 'llm' ? (
              <TextField
                label={t('agentOps.tests.condition')}
                value={draft.condition}
                onChange={(e) => set({ condition: e.target.value })}
              />
            ) : (
              <>
                <TextField
                  label={t('agentOps.tests.tool')}
                  value={draft.tool}
                  onChange={(e) => set({ tool: e.target.value })}
                />
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextField
                    label={t('agentOps.tests.parameter')}
                    value={draft.path}
                    onChange={(e) => set({ path: e.target.value })}
                  />
                  <TextField
                    label={t('agentOps.tests.expected')}
                    value={draft.expected}
                    onChange={(e) => set({ expected: e.target.value })}
                  />
                </div>
              </>
            )}
            {save.error && <Alert tone="error">{errorText(save.error)}</Alert>}
            <div className="flex gap-2">
              <Button type="submit" disabled={save.isPending}>
                {t('agentOps.save')}
              </Button>
              {draft.id && (
                <Button variant="secondary" onClick={() => setDraft(EMPTY)}>
                  {t('agentOps.cancel')}
                </Button>
              )}
            </div>
          </form>
        </section>

        <section>
          {tests.isPending && <Spinner />}
          {tests.error && <Alert tone="error">{errorText(tests.error)}</Alert>}
          {tests.data?.length === 0 && (
            <p className="text-sm text-neutral-600">{t('agentOps.tests.empty')}</p>
          )}
          <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white">
            {tests.data?.map((test) => (
              <li key={test.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <button
                  type="button"
                  className="text-left text-sm font-medium text-neutral-900 hover:underline"
                  onClick={() => edit.mutate(test.id)}
                >
                  {test.name}
                </button>
                <span className="flex items-center gap-2">
                  <Badge>{t(`agentOps.tests.types.${test.type === 'tool' ? 'tool' : 'llm'}`)}</Badge>
                  <Button
                    variant="ghost"
                    onClick={() => remove.mutate(test.id)}
                    aria-label={t('agentOps.delete')}
                  >
                    {t('agentOps.delete')}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap items-end gap-2">
            <LabelledSelect
              className="min-w-48 flex-1"
              label={t('agentOps.agent')}
              value={agentId}
              onChange={setAgentId}
              options={agentOptions}
            />
            <Button disabled={!agentId || !tests.data?.length || run.isPending} onClick={() => run.mutate()}>
              {t('agentOps.tests.runAll')}
            </Button>
          </div>
          {run.error && (
            <div className="mt-3">
              <Alert tone="error">{errorText(run.error)}</Alert>
            </div>
          )}
          {invocation.data && (
            <div className="mt-4 rounded-2xl border border-neutral-200 bg-white p-4">
              <ProgressBar percent={invocation.data.progress_percent} label={t('agentOps.tests.progress')} />
              <ul className="mt-3 grid gap-2">
                {invocation.data.test_runs.map((r) => (
                  <li key={r.test_run_id} className="text-sm">
                    <div className="flex items-center justify-between gap-2">
                      <span className="font-medium text-neutral-900">{r.test_name}</span>
                      <Badge tone={STATUS_TONES[r.status] ?? 'neutral'}>{t(statusKey(r.status))}</Badge>
                    </div>
                    {r.condition_result?.rationale?.summary && (
                      <p className="mt-1 text-xs text-neutral-600">{r.condition_result.rationale.summary}</p>
                    )}
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
