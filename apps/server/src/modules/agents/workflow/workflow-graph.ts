import { refuse, type Workflow, type WorkflowEdge } from './workflow-shape.js'

// The rules a workflow's graph follows: one start node, edges between nodes that exist, an edge
// order naming the node's own edges, nothing leaving an end node, and every node reachable from
// the start (an edge with a backward condition can also be walked from its target back).

export interface WorkflowReferences {
  toolIds: string[]
  agentIds: string[]
}

/** The edges that can be taken from a node, in its edge order first, then in their saved order. */
export function exitsOf(workflow: Workflow, nodeId: string): Array<{ id: string; edge: WorkflowEdge }> {
  const all = Object.entries(workflow.edges)
  const order = workflow.nodes[nodeId]?.edge_order ?? []
  const rank = (id: string) => {
    const at = order.indexOf(id)
    return at < 0 ? order.length : at
  }
  return all
    .filter(([, e]) => e.source === nodeId || (e.target === nodeId && e.backward_condition))
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([id, edge]) => ({ id, edge }))
}

function reachable(workflow: Workflow, start: string): Set<string> {
  const seen = new Set([start])
  const queue = [start]
  while (queue.length) {
    const at = queue.shift() as string
    for (const { edge } of exitsOf(workflow, at)) {
      const next = edge.source === at ? edge.target : edge.source
      if (!seen.has(next)) {
        seen.add(next)
        queue.push(next)
      }
    }
  }
  return seen
}

/** Checks the graph; answers the tools and agents its nodes name, for the caller to look up. */
export function checkWorkflowGraph(workflow: Workflow): WorkflowReferences {
  const nodes = Object.entries(workflow.nodes)
  if (nodes.length === 0) return { toolIds: [], agentIds: [] }
  const starts = nodes.filter(([, n]) => n.type === 'start')
  if (starts.length === 0) refuse('The workflow has no start node.', 'workflow.nodes')
  if (starts.length > 1)
    refuse(
      `The workflow has more than one start node (${starts.map(([id]) => id).join(', ')}).`,
      'workflow.nodes',
    )
  for (const [id, edge] of Object.entries(workflow.edges)) {
    for (const end of [edge.source, edge.target])
      if (!workflow.nodes[end])
        refuse(`Workflow edge '${id}' points to an unknown node '${end}'.`, `workflow.edges.${id}`)
    if (edge.source === edge.target)
      refuse(`Workflow edge '${id}' leads from node '${edge.source}' to itself.`, `workflow.edges.${id}`)
    if (workflow.nodes[edge.source]?.type === 'end')
      refuse(`Workflow edge '${id}' leaves the end node '${edge.source}'.`, `workflow.edges.${id}`)
  }
  for (const [id, node] of nodes)
    for (const edgeId of node.edge_order)
      if (workflow.edges[edgeId]?.source !== id)
        refuse(
          `Workflow node '${id}' orders an edge '${edgeId}' that does not leave it.`,
          `workflow.nodes.${id}.edge_order`,
        )
  const seen = reachable(workflow, (starts[0] as [string, unknown])[0])
  for (const [id, node] of nodes)
    if (!seen.has(id))
      refuse(
        `Workflow ${node.type === 'end' ? 'end ' : ''}node '${id}' cannot be reached from the start node.`,
        `workflow.nodes.${id}`,
      )
  const toolIds = nodes.flatMap(([, n]) => [
    ...(Array.isArray(n.tools) ? n.tools.map((t) => String((t as { tool_id: string }).tool_id)) : []),
    ...(Array.isArray(n.additional_tool_ids) ? (n.additional_tool_ids as string[]) : []),
  ])
  const agentIds = nodes.flatMap(([, n]) =>
    n.type === 'standalone_agent' && typeof n.agent_id === 'string' ? [n.agent_id] : [],
  )
  return { toolIds: [...new Set(toolIds)], agentIds: [...new Set(agentIds)] }
}
