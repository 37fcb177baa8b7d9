// An agent's workflow as the API keeps it (nodes and edges keyed by id), the editor's changes to
// it, and the checks the server makes, run before saving so mistakes show where they are.

export const NODE_TYPES = [
  'start',
  'override_agent',
  'standalone_agent',
  'tool',
  'phone_number',
  'end',
] as const
export type NodeType = (typeof NODE_TYPES)[number] | 'say' | 'update_state'
export const CONDITION_TYPES = ['unconditional', 'llm', 'result', 'expression'] as const
export type ConditionType = (typeof CONDITION_TYPES)[number]

export interface WorkflowNode {
  type: NodeType
  position?: { x: number; y: number }
  edge_order?: string[]
  [field: string]: unknown
}
export interface WorkflowCondition {
  type: ConditionType
  label?: string | null
  condition?: string
  successful?: boolean
  expression?: unknown
}
export interface WorkflowEdge {
  source: string
  target: string
  forward_condition?: WorkflowCondition | null
  backward_condition?: WorkflowCondition | null
  [field: string]: unknown
}
export interface Workflow {
  nodes: Record<string, WorkflowNode>
  edges: Record<string, WorkflowEdge>
  prevent_subagent_loops?: boolean
}

/** A problem with the graph, naming the node or edge it is about. */
export type WorkflowProblem =
  | { kind: 'noStart' }
  | { kind: 'manyStarts' }
  | { kind: 'unknownNode'; edge: string; node: string }
  | { kind: 'unreachable'; node: string }
  | { kind: 'missingField'; node: string; field: string }
  | { kind: 'emptyCondition'; edge: string }

export const emptyWorkflow = (): Workflow => ({
  nodes: { start: { type: 'start', position: { x: 40, y: 120 }, edge_order: [] } },
  edges: {},
  prevent_subagent_loops: false,
})

/** The settings a new node of each type starts with. */
export function newNode(type: NodeType, position: { x: number; y: number }, label: string): WorkflowNode {
  switch (type) {
    case 'override_agent':
      return { type, position, label, additional_prompt: '' }
    case 'standalone_agent':
      return { type, position, agent_id: '' }
    case 'tool':
      return { type, position, tools: [] }
    case 'phone_number':
      return {
        type,
        position,
        transfer_destination: { type: 'phone', phone_number: '' },
        transfer_type: 'conference',
      }
    case 'end':
      return { type, position, outcome: 'success' }
    default:
      return { type, position }
  }
}

export function freeId(taken: Record<string, unknown>, base: string): string {
  let n = 1
  while (`${base}_${n}` in taken) n += 1
  return `${base}_${n}`
}

export function addNode(
  workflow: Workflow,
  type: NodeType,
  label: string,
): { workflow: Workflow; id: string } {
  const id = freeId(workflow.nodes, type)
  const count = Object.keys(workflow.nodes).length
  const position = { x: 40 + (count % 4) * 200, y: 40 + Math.floor(count / 4) * 140 }
  return { workflow: { ...workflow, nodes: { ...workflow.nodes, [id]: newNode(type, position, label) } }, id }
}

/** Removes a node with the edges that touch it. */
export function removeNode(workflow: Workflow, id: string): Workflow {
  const nodes = { ...workflow.nodes }
  delete nodes[id]
  const edges = Object.fromEntries(
    Object.entries(workflow.edges).filter(([, e]) => e.source !== id && e.target !== id),
  )
  for (const [nodeId, node] of Object.entries(nodes))
    if (node.edge_order?.some((e) => !(e in edges)))
      nodes[nodeId] = { ...node, edge_order: node.edge_order.filter((e) => e in edges) }
  return { ...workflow, nodes, edges }
}

export function addEdge(
  workflow: Workflow,
  source: string,
  target: string,
): { workflow: Workflow; id: string } {
  const id = freeId(workflow.edges, 'edge')
  const edge: WorkflowEdge = { source, target, forward_condition: { type: 'unconditional' } }
  return { workflow: { ...workflow, edges: { ...workflow.edges, [id]: edge } }, id }
}

export function removeEdge(workflow: Workflow, id: string): Workflow {
  const edges = { ...workflow.edges }
  delete edges[id]
  const nodes = Object.fromEntries(
    Object.entries(workflow.nodes).map(([nodeId, n]) => [
      nodeId,
      n.edge_order?.includes(id) ? { ...n, edge_order: n.edge_order.filter((e) => e !== id) } : n,
    ]),
  )
  return { ...workflow, nodes, edges }
}

export const updateNode = (workflow: Workflow, id: string, patch: Partial<WorkflowNode>): Workflow => ({
  ...workflow,
  nodes: { ...workflow.nodes, [id]: { ...(workflow.nodes[id] as WorkflowNode), ...patch } },
})

export const updateEdge = (workflow: Workflow, id: string, patch: Partial<WorkflowEdge>): Workflow => ({
  ...workflow,
  edges: { ...workflow.edges, [id]: { ...(workflow.edges[id] as WorkflowEdge), ...patch } },
})

/** A fresh condition of a type, with the field it needs. */
export function conditionOf(type: ConditionType): WorkflowCondition {
  if (type === 'llm') return { type, condition: '' }
  if (type === 'result') return { type, successful: true }
  if (type === 'expression') return { type, expression: { type: 'boolean_literal', value: true } }
  return { type }
}

function missingField(node: WorkflowNode): string | null {
  if (node.type === 'standalone_agent' && !node.agent_id) return 'agent_id'
  if (node.type === 'tool' && !(node.tools as unknown[] | undefined)?.length) return 'tools'
  if (node.type === 'phone_number') {
    const dest = node.transfer_destination as { phone_number?: string; sip_uri?: string } | undefined
    if (!dest?.phone_number && !dest?.sip_uri) return 'transfer_destination'
  }
  if (node.type === 'override_agent' && typeof node.label !== 'string') return 'label'
  return null
}

/** The server's rules for a graph: one start, edges between known nodes, every node reachable. */
export function problemsOf(workflow: Workflow): WorkflowProblem[] {
  const nodes = Object.entries(workflow.nodes)
  if (nodes.length === 0) return []
  const problems: WorkflowProblem[] = []
  const starts = nodes.filter(([, n]) => n.type === 'start')
  if (starts.length === 0) problems.push({ kind: 'noStart' })
  if (starts.length > 1) problems.push({ kind: 'manyStarts' })
  for (const [id, edge] of Object.entries(workflow.edges)) {
    for (const end of [edge.source, edge.target])
      if (!workflow.nodes[end]) problems.push({ kind: 'unknownNode', edge: id, node: end })
    if (edge.forward_condition?.type === 'llm' && !edge.forward_condition.condition?.trim())
      problems.push({ kind: 'emptyCondition', edge: id })
  }
  for (const [id, node] of nodes) {
    const field = missingField(node)
    if (field) problems.push({ kind: 'missingField', node: id, field })
  }
  const start = starts[0]?.[0]
  if (start) {
    const seen = new Set([start])
    const queue = [start]
    while (queue.length) {
      const at = queue.shift() as string
      for (const edge of Object.values(workflow.edges)) {
        const next =
          edge.source === at
            ? edge.target
            : edge.target === at && edge.backward_condition
              ? edge.source
              : null
        if (next && !seen.has(next) && workflow.nodes[next]) {
          seen.add(next)
          queue.push(next)
        }
      }
    }
    for (const [id] of nodes) if (!seen.has(id)) problems.push({ kind: 'unreachable', node: id })
  }
  return problems
}
