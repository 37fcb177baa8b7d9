import { AppError } from '../../../errors.js'
import { isObject, type JsonObject } from '../agent-config.js'

// The shape of an agent's workflow as the public API defines it: nodes and edges keyed by their
// ids. A saved workflow is kept with every field the API answers with filled in (position, edge
// order and each node type's defaults), so what a client reads back is what it sent plus those.

export const NODE_TYPES = [
  'start',
  'end',
  'override_agent',
  'standalone_agent',
  'tool',
  'phone_number',
  'say',
  'update_state',
] as const
export type NodeType = (typeof NODE_TYPES)[number]
export const CONDITION_TYPES = ['unconditional', 'llm', 'result', 'expression'] as const
export const TRANSFER_TYPES = ['blind', 'conference', 'sip_refer'] as const
const DESTINATION_FIELDS: Record<string, string> = {
  phone: 'phone_number',
  phone_dynamic_variable: 'phone_number',
  sip_uri: 'sip_uri',
  sip_uri_dynamic_variable: 'sip_uri',
}
const E164 = /^\+[1-9]\d{6,14}$/
const ID_MAX = 100

export interface WorkflowNode extends JsonObject {
  type: NodeType
  position: { x: number; y: number }
  edge_order: string[]
}
export interface WorkflowEdge extends JsonObject {
  source: string
  target: string
  forward_condition?: JsonObject | null
  backward_condition?: JsonObject | null
}
export interface Workflow {
  nodes: Record<string, WorkflowNode>
  edges: Record<string, WorkflowEdge>
  prevent_subagent_loops: boolean
}

export function refuse(message: string, param: string): never {
  throw new AppError('agent_config_invalid', { message, param })
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback
}

function strings(value: unknown, param: string): string[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    refuse(`${param} must be a list of strings.`, param)
  return value as string[]
}

function subagentFields(node: JsonObject, id: string): JsonObject {
  const param = `workflow.nodes.${id}`
  if (typeof node.label !== 'string') refuse(`Workflow node '${id}' needs a label.`, `${param}.label`)
  if (node.conversation_config !== undefined && node.conversation_config !== null)
    if (!isObject(node.conversation_config))
      refuse(`Workflow node '${id}' has an invalid conversation_config.`, `${param}.conversation_config`)
  return {
    conversation_config: isObject(node.conversation_config) ? node.conversation_config : {},
    additional_prompt: text(node.additional_prompt, ''),
    additional_knowledge_base: Array.isArray(node.additional_knowledge_base)
      ? node.additional_knowledge_base
      : [],
    additional_tool_ids: strings(node.additional_tool_ids, `${param}.additional_tool_ids`),
    label: node.label,
  }
}

function destination(node: JsonObject, id: string): JsonObject {
  const param = `workflow.nodes.${id}.transfer_destination`
  const dest = node.transfer_destination
  if (!isObject(dest) || typeof dest.type !== 'string' || !(dest.type in DESTINATION_FIELDS))
    refuse(`Workflow node '${id}' needs a transfer destination (phone or SIP URI).`, param)
  const field = DESTINATION_FIELDS[dest.type] as string
  const value = dest[field]
  if (typeof value !== 'string' || !value.trim())
    refuse(`Workflow node '${id}' needs a ${field} to transfer to.`, `${param}.${field}`)
  if (dest.type === 'phone' && !E164.test(value))
    refuse(`Workflow node '${id}': ${value} is not a phone number in E.164 format.`, `${param}.${field}`)
  if (dest.type === 'sip_uri' && !/^sips?:/i.test(value))
    refuse(`Workflow node '${id}': ${value} is not a SIP URI.`, `${param}.${field}`)
  return dest
}

/** The fields a node of each type answers with, its defaults filled in. */
function nodeFields(type: NodeType, node: JsonObject, id: string): JsonObject {
  const param = `workflow.nodes.${id}`
  switch (type) {
    case 'start':
      return {}
    case 'end': {
      const outcome = node.outcome ?? 'success'
      if (outcome !== 'success' && outcome !== 'failure')
        refuse(`Workflow node '${id}' has an outcome other than success or failure.`, `${param}.outcome`)
      return { outcome }
    }
    case 'override_agent': {
      const entry = node.entry_behavior ?? 'auto'
      if (!['auto', 'generate_immediately', 'wait_for_user'].includes(String(entry)))
        refuse(`Workflow node '${id}' has an unknown entry_behavior.`, `${param}.entry_behavior`)
      return { ...subagentFields(node, id), entry_behavior: entry }
    }
    case 'say': {
      const message = node.message
      const ok =
        isObject(message) &&
        ((message.type === 'literal' && typeof message.text === 'string') ||
          (message.type === 'prompt' && typeof message.prompt === 'string'))
      if (!ok) refuse(`Workflow node '${id}' needs a message (literal text or prompt).`, `${param}.message`)
      return {
        ...subagentFields(node, id),
        // A literal message answers with its translations, none unless sent.
        message: message.type === 'literal' ? { text_translations: {}, ...message } : message,
        wait_for_speech_completion: node.wait_for_speech_completion !== false,
        wait_for_user_response: node.wait_for_user_response === true,
      }
    }
    case 'update_state':
      if (typeof node.label !== 'string') refuse(`Workflow node '${id}' needs a label.`, `${param}.label`)
      if (!Array.isArray(node.updates))
        refuse(`Workflow node '${id}' needs a list of updates.`, `${param}.updates`)
      return { label: node.label, updates: node.updates }
    case 'tool': {
      const tools = node.tools ?? []
      if (!Array.isArray(tools) || tools.some((t) => !isObject(t) || typeof t.tool_id !== 'string'))
        refuse(`Workflow node '${id}' needs tools given by tool_id.`, `${param}.tools`)
      if (tools.length === 0) refuse(`Workflow node '${id}' calls no tool.`, `${param}.tools`)
      return { tools }
    }
    case 'standalone_agent':
      if (node.agent_id !== undefined && node.agent_id !== null && typeof node.agent_id !== 'string')
        refuse(`Workflow node '${id}' has an invalid agent_id.`, `${param}.agent_id`)
      return {
        delay_ms: typeof node.delay_ms === 'number' && node.delay_ms >= 0 ? node.delay_ms : 0,
        enable_transferred_agent_first_message: node.enable_transferred_agent_first_message === true,
        preserve_client_tts_overrides: node.preserve_client_tts_overrides === true,
        preserve_voice_settings: node.preserve_voice_settings === true,
      }
    case 'phone_number': {
      const transferType = node.transfer_type ?? 'conference'
      if (!(TRANSFER_TYPES as readonly unknown[]).includes(transferType))
        refuse(`Workflow node '${id}' has an unknown transfer_type.`, `${param}.transfer_type`)
      return {
        custom_sip_headers: Array.isArray(node.custom_sip_headers) ? node.custom_sip_headers : [],
        transfer_destination: destination(node, id),
        transfer_type: transferType,
        sip_refer_play_dialtone: node.sip_refer_play_dialtone === true,
      }
    }
  }
}

function position(value: unknown, id: string): { x: number; y: number } {
  if (value === undefined || value === null) return { x: 0, y: 0 }
  if (!isObject(value) || !Number.isFinite(value.x) || !Number.isFinite(value.y))
    refuse(`Workflow node '${id}' has an invalid position.`, `workflow.nodes.${id}.position`)
  return { x: value.x as number, y: value.y as number }
}

function node(raw: unknown, id: string): WorkflowNode {
  const param = `workflow.nodes.${id}`
  if (!id || id.length > ID_MAX) refuse('Workflow node ids are 1 to 100 characters.', param)
  if (!isObject(raw)) refuse(`Workflow node '${id}' is not an object.`, param)
  const type = raw.type
  if (!(NODE_TYPES as readonly unknown[]).includes(type))
    refuse(`Workflow node '${id}' has an unknown type '${String(type).slice(0, 40)}'.`, `${param}.type`)
  return {
    ...raw,
    ...nodeFields(type as NodeType, raw, id),
    type: type as NodeType,
    position: position(raw.position, id),
    edge_order: strings(raw.edge_order, `${param}.edge_order`),
  }
}

function condition(raw: unknown, id: string, side: string): JsonObject | null {
  if (raw === undefined || raw === null) return null
  const param = `workflow.edges.${id}.${side}`
  if (!isObject(raw) || !(CONDITION_TYPES as readonly unknown[]).includes(raw.type))
    refuse(`Workflow edge '${id}' has an unknown ${side} type.`, param)
  if (raw.type === 'llm' && (typeof raw.condition !== 'string' || !raw.condition.trim()))
    refuse(`Workflow edge '${id}' needs the condition the language model judges.`, `${param}.condition`)
  if (raw.type === 'result' && typeof raw.successful !== 'boolean')
    refuse(`Workflow edge '${id}' needs successful: true or false.`, `${param}.successful`)
  if (raw.type === 'expression' && !isObject(raw.expression))
    refuse(`Workflow edge '${id}' needs an expression.`, `${param}.expression`)
  return raw
}

function edge(raw: unknown, id: string): WorkflowEdge {
  const param = `workflow.edges.${id}`
  if (!id || id.length > ID_MAX) refuse('Workflow edge ids are 1 to 100 characters.', param)
  if (!isObject(raw) || typeof raw.source !== 'string' || typeof raw.target !== 'string')
    refuse(`Workflow edge '${id}' needs a source and a target node.`, param)
  const forward = condition(raw.forward_condition, id, 'forward_condition')
  const backward = condition(raw.backward_condition, id, 'backward_condition')
  return {
    ...raw,
    source: raw.source,
    target: raw.target,
    ...(forward ? { forward_condition: forward } : {}),
    ...(backward ? { backward_condition: backward } : {}),
  }
}

/** The workflow a client sent, each node and edge checked and completed with its defaults. */
export function workflowShape(raw: JsonObject): Workflow {
  const nodes = raw.nodes ?? {}
  const edges = raw.edges ?? {}
  if (!isObject(nodes)) refuse('Workflow nodes must be an object keyed by node id.', 'workflow.nodes')
  if (!isObject(edges)) refuse('Workflow edges must be an object keyed by edge id.', 'workflow.edges')
  return {
    nodes: Object.fromEntries(Object.entries(nodes).map(([id, n]) => [id, node(n, id)])),
    edges: Object.fromEntries(Object.entries(edges).map(([id, e]) => [id, edge(e, id)])),
    prevent_subagent_loops: raw.prevent_subagent_loops === true,
  }
}
