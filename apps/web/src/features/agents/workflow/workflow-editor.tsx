import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { LabelledSelect } from '../../../components/select'
import { useErrorText } from '../../../i18n/use-error-text'
import { ApiError } from '../../../lib/api-error'
import { type Selection, WorkflowCanvas } from './workflow-canvas'
import {
  addNode,
  emptyWorkflow,
  NODE_TYPES,
  type NodeType,
  problemsOf,
  updateNode,
  type Workflow,
  type WorkflowProblem,
} from './workflow-model'
import { type Choice, WorkflowPanel } from './workflow-panel'

// The workflow editor: the canvas, a toolbar to add nodes, the picked item's settings, and saving
// with the graph's problems listed (the same checks the server makes, and its answer if it refuses).

interface Props {
  initial: Workflow | null | undefined
  agents: Choice[]
  tools: Choice[]
  onSave: (workflow: Workflow) => Promise<unknown>
}

function useProblemText() {
  const { t } = useTranslation()
  return (problem: WorkflowProblem) => t(`agents.workflow.problems.${problem.kind}`, problem)
}

export function WorkflowEditor({ initial, agents, tools, onSave }: Props) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const problemText = useProblemText()
  const [workflow, setWorkflow] = useState<Workflow>(() =>
    initial && Object.keys(initial.nodes ?? {}).length ? initial : emptyWorkflow(),
  )
  const [selection, setSelection] = useState<Selection>(null)
  const [type, setType] = useState<NodeType>('override_agent')
  const [problems, setProblems] = useState<WorkflowProblem[]>([])
  const [failure, setFailure] = useState<unknown>(null)
  const [saving, setSaving] = useState(false)
  const [saved, setSaved] = useState(false)

  const change = (next: Workflow, nextSelection?: Selection) => {
    setWorkflow(next)
    setSaved(false)
    if (nextSelection !== undefined) setSelection(nextSelection)
  }

  const save = async () => {
    const found = problemsOf(workflow)
    setProblems(found)
    setFailure(null)
    if (found.length) return
    setSaving(true)
    try {
      await onSave(workflow)
      setSaved(true)
    } catch (error) {
      setFailure(error)
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-2">
        <LabelledSelect
          label={t('agents.workflow.nodeType')}
          value={type}
          onChange={setType}
          options={NODE_TYPES.map((value) => ({ value, label: t(`agents.workflow.types.${value}`) }))}
        />
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            const added = addNode(workflow, type, t(`agents.workflow.types.${type}`))
            change(added.workflow, { kind: 'node', id: added.id })
          }}
        >
          {t('agents.workflow.addNode')}
        </Button>
        <Button type="button" loading={saving} onClick={() => void save()}>
          {t('agents.workflow.save')}
        </Button>
      </div>
      {problems.length > 0 && (
        <Alert tone="error">
          <ul className="list-disc pl-4">
            {problems.map((problem) => (
              <li key={JSON.stringify(problem)}>{problemText(problem)}</li>
            ))}
          </ul>
        </Alert>
      )}
      {failure !== null && (
        <Alert tone="error">
          {errorText(failure)}
          {failure instanceof ApiError && failure.message && !failure.isGeneric ? ` ${failure.message}` : ''}
        </Alert>
      )}
      {saved && <Alert tone="success">{t('agents.workflow.saved')}</Alert>}
      <div className="overflow-auto">
        <WorkflowCanvas
          workflow={workflow}
          selection={selection}
          onSelect={setSelection}
          onMove={(id, position) => change(updateNode(workflow, id, { position }))}
        />
      </div>
      <section
        className="rounded-xl border border-neutral-200 p-4"
        aria-label={t('agents.workflow.settings')}
      >
        <WorkflowPanel
          workflow={workflow}
          selection={selection}
          agents={agents}
          tools={tools}
          onChange={change}
        />
      </section>
    </div>
  )
}
