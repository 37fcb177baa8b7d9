import { BUILT_IN_LLM_ID } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { ChatMessage } from '../../platform/llm/chat-client.js'
import { isObject, type JsonObject, mergeConfig, pathOf, placeholdersOf } from './agent-config.js'
import { createBrain } from './runtime/agent-brain.js'
import { agentToolOf, systemToolsOf } from './runtime/agent-tools.js'
import { runAgentTurn } from './runtime/agent-turn.js'
import { systemVariables } from './runtime/dynamic-variables.js'
import type { RuntimeDeps } from './runtime/runtime-deps.js'

// What agent tests ask of an agent: its next reply to a conversation so far (tool calls are
// recorded, not run), and a yes/no judgement by the agent's own language model. Nothing stored.

export interface TestHistoryEntry {
  role: 'user' | 'agent'
  message: string
}

export interface TestToolCall {
  name: string
  /** The workspace tool's id, or null for a system tool. */
  toolId: string | null
  type: string
  params: Record<string, unknown>
}

export interface AgentTestReply {
  text: string
  toolCalls: TestToolCall[]
  llm: string
}

export interface AgentTestReplies {
  /** Whether the agent exists in the workspace. */
  exists(workspaceId: string, agentId: string): Promise<boolean>
  /** The agent's next reply after `history`, which ends with the user's words. */
  reply(input: {
    workspaceId: string
    agentId: string
    history: TestHistoryEntry[]
    dynamicVariables: Record<string, unknown>
    configOverride: JsonObject | null
  }): Promise<AgentTestReply>
  /** The agent's model answers a yes/no question; null when the agent runs no language model. */
  judge(input: {
    workspaceId: string
    agentId: string
    configOverride: JsonObject | null
    question: string
  }): Promise<{ passed: boolean; rationale: string } | null>
}

const JUDGE_PROMPT =
  'You are a strict evaluator. Answer the question with YES or NO on the first line, then one sentence explaining why.'

async function configOf(
  deps: RuntimeDeps,
  workspaceId: string,
  agentId: string,
  override: JsonObject | null,
) {
  const agent = await deps.agents.find(workspaceId, agentId)
  if (!agent) throw new AppError('agent_not_found')
  const base = agent.conversation_config as JsonObject
  const fromOverride =
    override && isObject(override.conversation_config) ? override.conversation_config : null
  return fromOverride ? mergeConfig(base, fromOverride) : base
}

export function createAgentTestReplies(deps: RuntimeDeps): AgentTestReplies {
  return {
    async exists(workspaceId, agentId) {
      return (await deps.agents.find(workspaceId, agentId)) !== undefined
    },

    async reply(input) {
      const config = await configOf(deps, input.workspaceId, input.agentId, input.configOverride)
      const prompt = pathOf(config, 'agent', 'prompt')
      const rows = await deps.tools.findMany(
        input.workspaceId,
        (pathOf(prompt, 'tool_ids') as string[] | undefined) ?? [],
      )
      const brain = createBrain(deps.brain, {
        workspaceId: input.workspaceId,
        config,
        tools: [...rows.map(agentToolOf), ...systemToolsOf(prompt)],
        variables: {
          ...placeholdersOf(config),
          ...systemVariables({ agentId: input.agentId, conversationId: 'test', timezone: null }),
          ...input.dynamicVariables,
        },
      })
      const history: ChatMessage[] = input.history.map((entry) => ({
        role: entry.role === 'user' ? ('user' as const) : ('assistant' as const),
        content: entry.message,
      }))
      const query = input.history.at(-1)?.message ?? ''
      const toolCalls: TestToolCall[] = []
      const turn = await runAgentTurn(brain, history, query, new AbortController().signal, {
        onText: () => undefined,
        onUsage: () => undefined,
        // A test watches which tools the agent calls; it does not run them.
        runTool: async (tool, _call, args) => {
          toolCalls.push({ name: tool.name, toolId: tool.id, type: tool.type, params: args })
          return { result: 'ok', isError: false, ends: true }
        },
      })
      return { text: turn.text, toolCalls, llm: brain.llm }
    },

    async judge(input) {
      const config = await configOf(deps, input.workspaceId, input.agentId, input.configOverride)
      const llm = String(pathOf(config, 'agent', 'prompt', 'llm') ?? BUILT_IN_LLM_ID)
      if (llm === BUILT_IN_LLM_ID) return null
      const judgeConfig = mergeConfig(config, {
        agent: { prompt: { prompt: JUDGE_PROMPT, knowledge_base: [], tool_ids: [], temperature: 0 } },
      })
      const brain = createBrain(deps.brain, {
        workspaceId: input.workspaceId,
        config: judgeConfig,
        tools: [],
        variables: {},
      })
      let text = ''
      for await (const event of brain.turn(
        [{ role: 'user', content: input.question }],
        input.question,
        new AbortController().signal,
      ))
        if (event.type === 'text') text += event.text
      const answer = text.trim()
      return { passed: /^\W*yes\b/i.test(answer), rationale: answer }
    },
  }
}
