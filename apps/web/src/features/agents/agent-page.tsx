import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Spinner } from '../../components/spinner'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { AgentConversations } from './agent-conversations'
import { AgentKnowledge } from './agent-knowledge'
import { AgentPlayground } from './agent-playground'
import { getAgent, updateAgent } from './agents-api'
import { AgentVersionsPanel } from './versions/agent-versions-panel'
import type { Workflow } from './workflow/workflow-model'
import { WorkflowTab } from './workflow/workflow-tab'

const TABS = ['agent', 'voice', 'knowledge', 'tools', 'workflow', 'security', 'widget', 'advanced'] as const
type Tab = (typeof TABS)[number]

const pick = (root: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    root,
  )

/** The part of the configuration each tab shows, read-only where the tab has no form yet. */
function sectionOf(tab: Tab, config: Record<string, unknown>, settings: Record<string, unknown>): unknown {
  if (tab === 'voice') return { tts: config.tts, asr: config.asr, turn: config.turn }
  if (tab === 'knowledge') return pick(config, 'agent', 'prompt', 'knowledge_base')
  if (tab === 'tools')
    return {
      tool_ids: pick(config, 'agent', 'prompt', 'tool_ids'),
      built_in_tools: pick(config, 'agent', 'prompt', 'built_in_tools'),
    }
  if (tab === 'security') return { auth: settings.auth, overrides: settings.overrides }
  if (tab === 'widget') return settings.widget
  return { privacy: settings.privacy, call_limits: settings.call_limits, conversation: config.conversation }
}

/** One agent: its tabs, the Agent tab's form and a text playground. */
export function AgentPage() {
  const { agentId = '' } = useParams()
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const agent = useQuery({ queryKey: ['agents', agentId], queryFn: () => getAgent(agentId) })
  const [tab, setTab] = useState<Tab>('agent')
  const [name, setName] = useState('')
  const [firstMessage, setFirstMessage] = useState('')
  const [prompt, setPrompt] = useState('')

  useEffect(() => {
    if (!agent.data) return
    setName(agent.data.name)
    setFirstMessage(String(pick(agent.data.conversation_config, 'agent', 'first_message') ?? ''))
    setPrompt(String(pick(agent.data.conversation_config, 'agent', 'prompt', 'prompt') ?? ''))
  }, [agent.data])

  const save = useMutation({
    mutationFn: () =>
      updateAgent(agentId, {
        name,
        conversation_config: { agent: { first_message: firstMessage, prompt: { prompt } } },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agents'] }),
  })

  if (agent.isPending) return <Spinner />
  if (agent.error) return <Alert tone="error">{errorText(agent.error)}</Alert>
  const { conversation_config: config, platform_settings: settings } = agent.data

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{agent.data.name}</h1>
      <div role="tablist" className="mt-4 flex flex-wrap gap-1 border-b border-neutral-200">
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            onClick={() => setTab(key)}
            className={`px-3 py-2 text-sm ${tab === key ? 'border-b-2 border-neutral-900 font-medium text-neutral-900' : 'text-neutral-600'}`}
          >
            {t(`agents.tabs.${key}`)}
          </button>
        ))}
      </div>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <section className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5">
          {tab === 'agent' ? (
            <form
              className="space-y-3"
              onSubmit={(event) => {
                event.preventDefault()
                save.mutate()
              }}
            >
              <TextField
                label={t('agents.fields.name')}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
              <TextField
                label={t('agents.fields.firstMessage')}
                value={firstMessage}
                onChange={(e) => setFirstMessage(e.target.value)}
              />
              <label className="block text-sm font-medium text-neutral-800">
                {t('agents.fields.prompt')}
                <textarea
                  className="mt-1 block h-40 w-full rounded-lg border border-neutral-300 px-3 py-2 text-sm"
                  value={prompt}
                  onChange={(e) => setPrompt(e.target.value)}
                />
              </label>
              <p className="text-xs text-neutral-600">
                {t('agents.fields.llm', { llm: String(pick(config, 'agent', 'prompt', 'llm') ?? '') })}
              </p>
              {save.error && <Alert tone="error">{errorText(save.error)}</Alert>}
              <Button type="submit" loading={save.isPending}>
                {t('agents.save')}
              </Button>
            </form>
          ) : tab === 'workflow' ? (
            <WorkflowTab agentId={agentId} workflow={agent.data.workflow as Workflow | undefined} />
          ) : tab === 'knowledge' ? (
            <AgentKnowledge
              agentId={agentId}
              attached={
                (pick(config, 'agent', 'prompt', 'knowledge_base') as
                  | Array<{ type: string; id: string; name: string }>
                  | undefined) ?? []
              }
            />
          ) : (
            <pre className="overflow-auto text-xs text-neutral-800">
              {JSON.stringify(sectionOf(tab, config, settings), null, 2)}
            </pre>
          )}
        </section>
        <AgentPlayground agentId={agentId} />
        <AgentConversations agentId={agentId} agentName={agent.data.name} />
        <AgentVersionsPanel agentId={agentId} />
      </div>
    </div>
  )
}
