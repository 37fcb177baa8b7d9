import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { LabelledSelect } from '../../../components/select'
import { TextField } from '../../../components/text-field'
import type { Selection } from './workflow-canvas'
import {
  addEdge,
  CONDITION_TYPES,
  type ConditionType,
  conditionOf,
  removeEdge,
  removeNode,
  updateEdge,
  updateNode,
  type Workflow,
  type WorkflowNode,
} from './workflow-model'

// The settings of the picked node or edge: what each node type needs, an edge's condition, and
// the buttons that connect, and remove.

export interface Choice {
  id: string
  name: string
}

interface Props {
  workflow: Workflow
  selection: Selection
  agents: Choice[]
  tools: Choice[]
  onChange: (workflow: Workflow, selection?: Selection) => void
}

const pick = (root: unknown, ...keys: string[]): string => {
  const value = keys.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    root,
  )
  return typeof value === 'string' ? value : ''
}

const textareaClass = 'mt-1 block h-24 w-full rounded-lg border border-neutral-300 px-3 py-2 text-sm'

function NodeSettings({
  id,
  node,
  workflow,
  agents,
  tools,
  onChange,
}: Omit<Props, 'selection'> & { id: string; node: WorkflowNode }) {
  const { t } = useTranslation()
  const set = (patch: Partial<WorkflowNode>) => onChange(updateNode(workflow, id, patch))
  const override = (node.conversation_config ?? {}) as Record<string, Record<string, unknown>>
  const setOverride = (section: 'agent' | 'tts', key: string, value: string) => {
    const part = { ...(override[section] ?? {}) }
    if (key === 'llm') part.prompt = { ...((part.prompt as object) ?? {}), llm: value || undefined }
    else part[key] = value || undefined
    set({ conversation_config: { ...override, [section]: part } })
  }
  return (
    <div className="space-y-3">
      {(node.type === 'override_agent' || node.type === 'say' || node.type === 'update_state') && (
        <TextField
          label={t('agents.workflow.fields.label')}
          value={String(node.label ?? '')}
          onChange={(e) => set({ label: e.target.value })}
        />
      )}
      {node.type === 'override_agent' && (
        <>
          <label className="block text-sm font-medium text-neutral-800">
            {t('agents.workflow.fields.prompt')}
            <textarea
              className={textareaClass}
              value={String(node.additional_prompt ?? '')}
              onChange={(e) => set({ additional_prompt: e.target.value })}
            />
          </label>
          <TextField
            label={t('agents.workflow.fields.firstMessage')}
            value={pick(override, 'agent', 'first_message')}
            onChange={(e) => setOverride('agent', 'first_message', e.target.value)}
          />
          <TextField
            label={t('agents.workflow.fields.llm')}
            value={pick(override, 'agent', 'prompt', 'llm')}
            onChange={(e) => setOverride('agent', 'llm', e.target.value)}
          />
          <TextField
            label={t('agents.workflow.fields.voice')}
            value={pick(override, 'tts', 'voice_id')}
            onChange={(e) => setOverride('tts', 'voice_id', e.target.value)}
          />
        </>
      )}
      {node.type === 'standalone_agent' && (
        <LabelledSelect
          label={t('agents.workflow.fields.agent')}
          value={String(node.agent_id ?? '')}
          onChange={(agentId) => set({ agent_id: agentId })}
          options={[{ value: '', label: '—' }, ...agents.map((a) => ({ value: a.id, label: a.name }))]}
        />
      )}
      {node.type === 'tool' && (
        <LabelledSelect
          label={t('agents.workflow.fields.tool')}
          value={pick(node, 'tools', '0', 'tool_id')}
          onChange={(toolId) => set({ tools: toolId ? [{ tool_id: toolId }] : [] })}
          options={[
            { value: '', label: '—' },
            ...tools.map((tool) => ({ value: tool.id, label: tool.name })),
          ]}
        />
      )}
      {node.type === 'phone_number' && (
        <>
          <TextField
            label={t('agents.workflow.fields.phoneNumber')}
            placeholder="+14155550100"
            value={pick(node, 'transfer_destination', 'phone_number')}
            onChange={(e) => set({ transfer_destination: { type: 'phone', phone_number: e.target.value } })}
          />
          <LabelledSelect
            label={t('agents.workflow.fields.transferType')}
            value={String(node.transfer_type ?? 'conference')}
            onChange={(value) => set({ transfer_type: value })}
            options={(['conference', 'blind', 'sip_refer'] as const).map((value) => ({
              value,
              label: t(`agents.workflow.transferTypes.${value}`),
            }))}
          />
        </>
      )}
      {node.type === 'end' && (
        <LabelledSelect
          label={t('agents.workflow.fields.outcome')}
          value={String(node.outcome ?? 'success')}
          onChange={(value) => set({ outcome: value })}
          options={(['success', 'failure'] as const).map((value) => ({
            value,
            label: t(`agents.workflow.outcomes.${value}`),
          }))}
        />
      )}
    </div>
  )
}

function Connect({
  id,
  workflow,
  onChange,
}: {
  id: string
  workflow: Workflow
  onChange: Props['onChange']
}) {
  const { t } = useTranslation()
  const targets = Object.keys(workflow.nodes).filter((n) => n !== id && workflow.nodes[n]?.type !== 'start')
  const [target, setTarget] = useState('')
  return (
    <div className="flex items-end gap-2">
      <LabelledSelect
        label={t('agents.workflow.connectTo')}
        value={target}
        onChange={setTarget}
        options={[{ value: '', label: '—' }, ...targets.map((n) => ({ value: n, label: n }))]}
      />
      <Button
        type="button"
        variant="secondary"
        disabled={!target}
        onClick={() => {
          const added = addEdge(workflow, id, target)
          onChange(added.workflow, { kind: 'edge', id: added.id })
        }}
      >
        {t('agents.workflow.addEdge')}
      </Button>
    </div>
  )
}

function EdgeSettings({
  id,
  workflow,
  onChange,
}: {
  id: string
  workflow: Workflow
  onChange: Props['onChange']
}) {
  const { t } = useTranslation()
  const edge = workflow.edges[id]
  if (!edge) return null
  const condition = edge.forward_condition ?? conditionOf('unconditional')
  const set = (patch: Partial<typeof condition>) =>
    onChange(updateEdge(workflow, id, { forward_condition: { ...condition, ...patch } }))
  return (
    <div className="space-y-3">
      <p className="text-sm text-neutral-700">
        {t('agents.workflow.edgeFromTo', { source: edge.source, target: edge.target })}
      </p>
      <LabelledSelect
        label={t('agents.workflow.fields.condition')}
        value={condition.type}
        onChange={(type: ConditionType) =>
          onChange(updateEdge(workflow, id, { forward_condition: conditionOf(type) }))
        }
        options={CONDITION_TYPES.map((type) => ({
          value: type,
          label: t(`agents.workflow.conditions.${type}`),
        }))}
      />
      {condition.type === 'llm' && (
        <label className="block text-sm font-medium text-neutral-800">
          {t('agents.workflow.fields.llmCondition')}
          <textarea
            className={textareaClass}
            value={condition.condition ?? ''}
            onChange={(e) => set({ condition: e.target.value })}
          />
        </label>
      )}
      {condition.type === 'result' && (
        <LabelledSelect
          label={t('agents.workflow.fields.result')}
          value={condition.successful === false ? 'failure' : 'success'}
          onChange={(value) => set({ successful: value === 'success' })}
          options={(['success', 'failure'] as const).map((value) => ({
            value,
            label: t(`agents.workflow.outcomes.${value}`),
          }))}
        />
      )}
      {condition.type === 'expression' && (
        <label className="block text-sm font-medium text-neutral-800">
          {t('agents.workflow.fields.expression')}
          <textarea
            className={`${textareaClass} font-mono`}
            defaultValue={JSON.stringify(condition.expression ?? null)}
            onBlur={(e) => {
              try {
                set({ expression: JSON.parse(e.target.value) })
              } catch {
                // Text that is not JSON stays in the box; the saved expression is unchanged.
              }
            }}
          />
        </label>
      )}
      <TextField
        label={t('agents.workflow.fields.edgeLabel')}
        value={condition.label ?? ''}
        onChange={(e) => set({ label: e.target.value })}
      />
      <Button type="button" variant="secondary" onClick={() => onChange(removeEdge(workflow, id), null)}>
        {t('agents.workflow.removeEdge')}
      </Button>
    </div>
  )
}

export function WorkflowPanel(props: Props) {
  const { t } = useTranslation()
  const { selection, workflow, onChange } = props
  if (!selection) return <p className="text-sm text-neutral-600">{t('agents.workflow.pick')}</p>
  if (selection.kind === 'edge')
    return <EdgeSettings id={selection.id} workflow={workflow} onChange={onChange} />
  const node = workflow.nodes[selection.id]
  if (!node) return null
  return (
    <div className="space-y-4">
      <h3 className="text-sm font-semibold text-neutral-900">
        {selection.id} · {t(`agents.workflow.types.${node.type}`)}
      </h3>
      <NodeSettings {...props} id={selection.id} node={node} />
      {node.type !== 'end' && <Connect id={selection.id} workflow={workflow} onChange={onChange} />}
      <Button
        type="button"
        variant="secondary"
        onClick={() => onChange(removeNode(workflow, selection.id), null)}
      >
        {t('agents.workflow.removeNode')}
      </Button>
    </div>
  )
}
