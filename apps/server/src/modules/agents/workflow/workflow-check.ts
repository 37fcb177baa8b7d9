import { AppError } from '../../../errors.js'
import type { JsonObject } from '../agent-config.js'
import type { AgentsDeps } from '../agents-deps.js'
import { checkWorkflowGraph } from './workflow-graph.js'
import { type Workflow, workflowShape } from './workflow-shape.js'

/**
 * The workflow to save with an agent: checked node by node, as a graph, and against the
 * workspace (the tools and agents its nodes name must be the workspace's own). A workflow
 * without nodes is kept as sent: the agent then talks without one.
 */
export async function checkWorkflow(
  deps: Pick<AgentsDeps, 'tools' | 'agents'>,
  workspaceId: string,
  raw: JsonObject,
): Promise<Workflow> {
  const workflow = workflowShape(raw)
  const refs = checkWorkflowGraph(workflow)
  const tools = await deps.tools.findMany(workspaceId, refs.toolIds)
  const found = new Set(tools.map((t) => t.id))
  const missingTool = refs.toolIds.find((id) => !found.has(id))
  if (missingTool)
    throw new AppError('agent_tool_not_found', {
      message: `The workflow names a tool that does not exist: ${missingTool}.`,
      param: 'workflow.nodes',
    })
  for (const agentId of refs.agentIds)
    if (!(await deps.agents.find(workspaceId, agentId)))
      throw new AppError('agent_not_found', {
        message: `The workflow hands over to an agent that does not exist: ${agentId}.`,
        param: 'workflow.nodes',
      })
  return workflow
}

/** Whether a saved workflow has anything to run. */
export function hasWorkflow(workflow: unknown): workflow is Workflow {
  const nodes = (workflow as { nodes?: unknown } | null)?.nodes
  return typeof nodes === 'object' && nodes !== null && Object.keys(nodes).length > 0
}
