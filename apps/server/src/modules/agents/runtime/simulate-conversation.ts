import { SIMULATION_TURNS_DEFAULT, SIMULATION_TURNS_MAX } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import type { ChatMessage } from '../../../platform/llm/chat-client.js'
import type { Principal } from '../../../plugins/auth.js'
import { type JsonObject, pathOf, placeholdersOf } from '../agent-config.js'
import { createBrain } from './agent-brain.js'
import { agentToolOf, systemToolsOf } from './agent-tools.js'
import { runAgentTurn } from './agent-turn.js'
import { fillVariables, systemVariables } from './dynamic-variables.js'
import type { RuntimeDeps } from './runtime-deps.js'

type SimulatedEntry = {
  role: 'user' | 'agent'
  message: string
  time_in_call_secs: number
}

/**
 * A conversation between the agent and a simulated user, in text, with nothing stored. The
 * simulated user opens with its first message; when it names a language model the operator
 * serves, that model plays the user for the following turns, otherwise it says only that.
 * Client tools cannot run without a client: they answer that they were not called.
 */
export async function simulateConversation(
  deps: RuntimeDeps,
  principal: Principal,
  agentId: string,
  input: { simulation_specification: JsonObject; new_turns_limit?: number | null | undefined },
) {
  const agent = await deps.agents.find(principal.workspaceId, agentId)
  if (!agent) throw new AppError('agent_not_found')
  const user = pathOf(input.simulation_specification, 'simulated_user_config')
  const config = agent.conversation_config
  const prompt = pathOf(config, 'agent', 'prompt')
  const variables = {
    ...placeholdersOf(config),
    ...systemVariables({ agentId, conversationId: 'simulation', timezone: null }),
  }
  const rows = await deps.tools.findMany(
    principal.workspaceId,
    (pathOf(prompt, 'tool_ids') as string[] | undefined) ?? [],
  )
  const brain = createBrain(deps.brain, {
    workspaceId: principal.workspaceId,
    config,
    tools: [...rows.map(agentToolOf), ...systemToolsOf(prompt)],
    variables,
  })
  const turns = Math.min(input.new_turns_limit ?? SIMULATION_TURNS_DEFAULT, SIMULATION_TURNS_MAX)
  const transcript: SimulatedEntry[] = []
  const history: ChatMessage[] = []
  const first = fillVariables(String(pathOf(config, 'agent', 'first_message') ?? ''), variables).trim()
  if (first) {
    transcript.push({ role: 'agent', message: first, time_in_call_secs: 0 })
    history.push({ role: 'assistant', content: first })
  }
  let said = typeof pathOf(user, 'first_message') === 'string' ? String(pathOf(user, 'first_message')) : ''
  const userLlm = pathOf(user, 'prompt', 'llm')
  const userPrompt = String(pathOf(user, 'prompt', 'prompt') ?? 'You are a customer talking to an agent.')
  const operator = deps.brain.llms.operator
  for (let turn = 0; turn < turns && said.trim(); turn++) {
    transcript.push({ role: 'user', message: said, time_in_call_secs: turn * 10 + 5 })
    history.push({ role: 'user', content: said })
    const controller = new AbortController()
    const reply = await runAgentTurn(brain, history, said, controller.signal, {
      onText: () => undefined,
      onUsage: () => undefined,
      runTool: async (tool) => ({
        result: tool.type === 'client' ? 'Client tools are not called in simulations.' : 'ok',
        isError: tool.type === 'client',
        ends: tool.name === 'end_call',
      }),
    })
    transcript.push({ role: 'agent', message: reply.text, time_in_call_secs: turn * 10 + 8 })
    if (reply.ended || typeof userLlm !== 'string' || !operator?.models.includes(userLlm)) break
    // The model plays the user: the agent's words are its input, its answers the user's lines.
    const result = await deps.brain.operatorChat.complete(
      { url: operator.url, model: userLlm, apiKey: operator.apiKey },
      {
        messages: [
          { role: 'system', content: userPrompt },
          ...transcript.map((entry) =>
            entry.role === 'user'
              ? { role: 'assistant' as const, content: entry.message }
              : { role: 'user' as const, content: entry.message },
          ),
        ],
      },
    )
    said = result.text
  }
  return {
    simulated_conversation: transcript,
    analysis: {
      call_successful: transcript.some((e) => e.role === 'agent')
        ? ('success' as const)
        : ('unknown' as const),
      transcript_summary: `A simulated conversation of ${transcript.length} messages with ${agent.name}.`,
      evaluation_criteria_results: {},
      data_collection_results: {},
    },
  }
}
