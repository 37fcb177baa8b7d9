import { AppError } from '../../../errors.js'
import type { ChatMessage, ToolCall } from '../../../platform/llm/chat-client.js'
import type { Brain } from './agent-brain.js'
import type { AgentTool } from './agent-tools.js'

// One turn of the agent: ask the brain, run the tools it calls, feed their results back, until it
// answers in words (or the rounds run out). Text is handed on as it comes, for speech to start early.

export interface ToolOutcome {
  result: string
  isError: boolean
  /** The tool ends the conversation (end_call, voicemail detection). */
  ends?: boolean
  /** Why it ends, for the record (the tool's name otherwise). */
  endReason?: string
  /** The agent says nothing more this turn (skip turn, a transfer that spoke for itself). */
  skips?: boolean
}

export interface TurnHooks {
  onText(text: string): void
  runTool(tool: AgentTool, call: ToolCall, args: Record<string, unknown>): Promise<ToolOutcome>
  onUsage(input: number, output: number): void
}

export interface TurnResult {
  text: string
  ended: boolean
  endReason?: string
}

function argumentsOf(call: ToolCall): Record<string, unknown> {
  try {
    const parsed = JSON.parse(call.function.arguments || '{}') as unknown
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

export async function runAgentTurn(
  brain: Brain,
  history: ChatMessage[],
  query: string,
  signal: AbortSignal,
  hooks: TurnHooks,
): Promise<TurnResult> {
  let spoken = ''
  for (let round = 0; round <= brain.maxToolRounds; round++) {
    let text = ''
    const calls: Array<{ call: ToolCall; tool: AgentTool }> = []
    for await (const event of brain.turn(history, query, signal)) {
      if (signal.aborted) return { text: spoken + text, ended: false }
      if (event.type === 'text') {
        text += event.text
        hooks.onText(event.text)
      } else if (event.type === 'tool_call') calls.push({ call: event.call, tool: event.tool as AgentTool })
      else hooks.onUsage(event.inputTokens, event.outputTokens)
    }
    spoken += text
    if (calls.length === 0) {
      history.push({ role: 'assistant', content: text })
      return { text: spoken, ended: false }
    }
    history.push({ role: 'assistant', content: text || null, tool_calls: calls.map((c) => c.call) })
    let ended: string | null = null
    let skipped = false
    for (const { call, tool } of calls) {
      const outcome = await hooks.runTool(tool, call, argumentsOf(call))
      history.push({ role: 'tool', tool_call_id: call.id, content: outcome.result })
      if (outcome.ends) ended ??= outcome.endReason ?? `${tool.name} tool`
      skipped ||= outcome.skips === true
    }
    if (ended) return { text: spoken, ended: true, endReason: ended }
    if (skipped) return { text: spoken, ended: false }
  }
  throw new AppError('llm_unavailable', {
    message: 'The language model kept calling tools without answering.',
  })
}
