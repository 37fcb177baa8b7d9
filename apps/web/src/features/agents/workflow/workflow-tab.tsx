import { useQuery, useQueryClient } from '@tanstack/react-query'
import { listAgents } from '../agents-api'
import { listToolChoices, saveWorkflow } from './workflow-api'
import { WorkflowEditor } from './workflow-editor'
import type { Workflow } from './workflow-model'

/** The agent page's Workflow tab: the editor over the saved workflow, saving through the API. */
export function WorkflowTab({
  agentId,
  workflow,
}: {
  agentId: string
  workflow: Workflow | null | undefined
}) {
  const queryClient = useQueryClient()
  const agents = useQuery({ queryKey: ['agents', 'list'], queryFn: listAgents })
  const tools = useQuery({ queryKey: ['convai-tools'], queryFn: listToolChoices })
  return (
    <WorkflowEditor
      initial={workflow}
      agents={(agents.data ?? [])
        .filter((a) => a.agent_id !== agentId)
        .map((a) => ({ id: a.agent_id, name: a.name }))}
      tools={tools.data ?? []}
      onSave={async (next) => {
        await saveWorkflow(agentId, next)
        await queryClient.invalidateQueries({ queryKey: ['agents', agentId] })
      }}
    />
  )
}
