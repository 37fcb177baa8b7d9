import { BUILT_IN_LLM_ID } from '@timbre/contract'
import { newId } from '../../../lib/ids.js'
import type { ChatMessage, ToolCall } from '../../../platform/llm/chat-client.js'
import { isObject, type JsonObject, mergeConfig, pathOf } from '../agent-config.js'
import type { AgentRow } from '../agents.repository.js'
import { createBrain } from '../runtime/agent-brain.js'
import { type AgentTool, agentToolOf } from '../runtime/agent-tools.js'
import type { ToolOutcome } from '../runtime/agent-turn.js'
import type { TranscriptEntry } from '../runtime/conversation-session.js'
import type { RuntimeDeps } from '../runtime/runtime-deps.js'
import { conditionByRules } from './workflow-conditions.js'
import type { WorkflowHost } from './workflow-runner.js'
import type { WorkflowNode } from './workflow-shape.js'

// The live conversation's side of a workflow: tools run and recorded as the agent's own calls,
// conditions judged by the agent's model, transfers and steps written into the record.

const JUDGE_PROMPT =
  'You decide whether a condition holds in a conversation between an AI agent and a user. Answer with one word: yes or no.'
/** The last lines of the conversation the judge reads. */
const JUDGE_LINES = 12

/** What the conversation session lends its workflow. */
export interface SessionParts {
  agent: AgentRow
  variables: Record<string, unknown>
  deps: RuntimeDeps
  become(config: JsonObject, speaker: string): Promise<void>
  say(text: string): Promise<void>
  runTool(tool: AgentTool, call: ToolCall, args: Record<string, unknown>): Promise<ToolOutcome>
  record(entry: TranscriptEntry): void
  seconds(): number
  history(): ChatMessage[]
  end(reason: string): Promise<void>
}

/** A tool node's arguments: dynamic variables of the same name, else the caller's words for text. */
function argumentsFor(tool: AgentTool, variables: Record<string, unknown>, said: string) {
  const properties = pathOf(tool.parameters, 'properties')
  if (!isObject(properties)) return {}
  const args: Record<string, unknown> = {}
  for (const [name, schema] of Object.entries(properties)) {
    if (variables[name] !== undefined) args[name] = variables[name]
    else if (pathOf(schema, 'type') === 'string' && said) args[name] = said
  }
  return args
}

function transcriptOf(history: ChatMessage[]): string {
  return history
    .filter(
      (m) => (m.role === 'user' || m.role === 'assistant') && typeof m.content === 'string' && m.content,
    )
    .slice(-JUDGE_LINES)
    .map((m) => `${m.role === 'user' ? 'User' : 'Agent'}: ${m.content}`)
    .join('\n')
}

export function workflowHost(parts: SessionParts, baseConfig: JsonObject): WorkflowHost {
  const workspaceId = parts.agent.workspace_id
  const workflowCall = (name: string, params: object) => {
    const id = { tool_name: name, request_id: `call_${newId(12)}`, tool_has_been_called: true }
    return { call: { ...id, params_as_json: JSON.stringify(params) }, result: id }
  }

  async function judgeByModel(condition: string): Promise<boolean> {
    const question = `Conversation:\n${transcriptOf(parts.history())}\n\nCondition: ${condition}\nDoes the condition hold?`
    const brain = createBrain(parts.deps.brain, {
      workspaceId,
      config: mergeConfig(baseConfig, {
        agent: { prompt: { prompt: JUDGE_PROMPT, knowledge_base: [], tool_ids: [], temperature: 0 } },
      }),
      tools: [],
      variables: {},
    })
    let answer = ''
    for await (const event of brain.turn(
      [{ role: 'user', content: question }],
      question,
      AbortSignal.timeout(60_000),
    ))
      if (event.type === 'text') answer += event.text
    return /^\W*yes\b/i.test(answer.trim())
  }

  return {
    agent: parts.agent,
    baseConfig,
    variables: parts.variables,
    become: (agentId, config) => parts.become(config, agentId),
    say: (text) => parts.say(text),
    end: (reason) => parts.end(reason),
    findAgent: (agentId) => parts.deps.agents.find(workspaceId, agentId),

    async callTool(toolId, said) {
      const [row] = await parts.deps.tools.findMany(workspaceId, [toolId])
      if (!row) return false
      const tool = agentToolOf(row)
      const args = argumentsFor(tool, parts.variables, said)
      const call: ToolCall = {
        id: `call_${newId(12)}`,
        type: 'function',
        function: { name: tool.name, arguments: JSON.stringify(args) },
      }
      const outcome = await parts.runTool(tool, call, args)
      // The result is part of the conversation: the next node's model reads it.
      parts.history().push({ role: 'assistant', content: null, tool_calls: [call] })
      parts.history().push({ role: 'tool', tool_call_id: call.id, content: outcome.result })
      return !outcome.isError
    },

    async judge(condition, said) {
      const llm = String(pathOf(baseConfig, 'agent', 'prompt', 'llm') ?? BUILT_IN_LLM_ID)
      if (llm === BUILT_IN_LLM_ID) return conditionByRules(condition, said)
      try {
        return await judgeByModel(condition)
      } catch {
        // A model that cannot answer keeps the conversation where it is.
        return false
      }
    },

    stepped(edgeId, targetNodeId, latencySecs) {
      const { call, result } = workflowCall('workflow_transition', {
        edge_id: edgeId,
        target_node_id: targetNodeId,
      })
      parts.record({
        role: 'agent',
        message: null,
        time_in_call_secs: parts.seconds(),
        tool_calls: [{ ...call, type: 'workflow' }],
        tool_results: [
          {
            ...result,
            result_value: `Moved to node ${targetNodeId}.`,
            is_error: false,
            type: 'workflow',
            result: {
              steps: [
                {
                  type: 'edge',
                  edge_id: edgeId,
                  target_node_id: targetNodeId,
                  step_latency_secs: latencySecs,
                },
              ],
            },
          },
        ],
      })
    },

    async transfer(nodeId: string, node: WorkflowNode) {
      // Transfers the call as the transfer_to_number system tool does: recorded as its call with
      // the destination, then this conversation ends and the call continues at the destination.
      const destination = node.transfer_destination as JsonObject
      const number = String(destination.phone_number ?? destination.sip_uri ?? '')
      const target = destination.type?.toString().endsWith('dynamic_variable')
        ? String(parts.variables[number] ?? number)
        : number
      const { call, result } = workflowCall('transfer_to_number', {
        transfer_number: target,
        transfer_type: node.transfer_type,
        workflow_node_id: nodeId,
      })
      parts.record({
        role: 'agent',
        message: null,
        time_in_call_secs: parts.seconds(),
        tool_calls: [{ ...call, type: 'system' }],
        tool_results: [
          { ...result, result_value: `Transferring to ${target}.`, is_error: false, type: 'system' },
        ],
      })
      await parts.end(`transferred to ${target}`.slice(0, 100))
    },
  }
}
