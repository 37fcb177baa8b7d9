import { AGENT_DEFAULT_AUDIO_FORMAT, CONVERSATION_IDLE_SECONDS } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { ChatMessage, ToolCall } from '../../../platform/llm/chat-client.js'
import { type JsonObject, pathOf, placeholdersOf } from '../agent-config.js'
import type { AgentRow } from '../agents.repository.js'
import { type Brain, createBrain } from './agent-brain.js'
import { type AgentTool, agentToolOf, callWebhook, systemToolsOf } from './agent-tools.js'
import { runAgentTurn, type ToolOutcome } from './agent-turn.js'
import { type ClientMessage, clientMessage, serverEvents } from './conversation-messages.js'
import { systemVariables } from './dynamic-variables.js'
import { applyOverrides } from './overrides.js'
import type { RuntimeDeps } from './runtime-deps.js'

/** What the agent says when its language model fails, before the conversation ends. */
export const LLM_FAILURE_MESSAGE =
  "I'm sorry, I can't think right now: my language model is not answering. Please try again later."
const HEARTBEAT_MS = 15_000

export interface TranscriptEntry {
  role: 'user' | 'agent'
  message: string | null
  time_in_call_secs: number
  tool_calls?: unknown[]
  tool_results?: unknown[]
  interrupted?: boolean
}

/**
 * One live conversation with an agent over the socket: it opens on the client's initiation data
 * (or its first message), greets with the first message, answers each user message with a turn
 * of the agent, runs tools (client tools over the socket), and records everything as it goes.
 */
export class ConversationSession {
  readonly id = `conv_${newId(24)}`
  private readonly startedAt = Date.now()
  private readonly transcript: TranscriptEntry[] = []
  private readonly history: ChatMessage[] = []
  private readonly pendingTools = new Map<string, (outcome: ToolOutcome) => void>()
  private brain: Brain | null = null
  private config: JsonObject = {}
  private variables: Record<string, unknown> = {}
  private turn: AbortController | null = null
  private eventId = 0
  private tokens = { input: 0, output: 0 }
  private heartbeat: NodeJS.Timeout | undefined
  private idle: NodeJS.Timeout | undefined
  private ended = false

  constructor(
    private readonly deps: RuntimeDeps,
    private readonly agent: AgentRow,
    private readonly userId: string | null,
    private readonly send: (message: object) => void,
    private readonly close: (code: number, reason: string) => void,
  ) {}

  private seconds(): number {
    return Math.round((Date.now() - this.startedAt) / 100) / 10
  }

  async handle(raw: string): Promise<void> {
    if (this.ended) return
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      this.send(serverEvents.error('The message is not JSON.'))
      return
    }
    const result = clientMessage.safeParse(parsed)
    if (!result.success) {
      const type = (parsed as { type?: unknown })?.type
      this.send(
        serverEvents.error(
          typeof type === 'string' ? `Unknown system message type: ${type.slice(0, 60)}` : 'Invalid message.',
        ),
      )
      return
    }
    this.touch()
    const message = result.data
    if (!this.brain)
      await this.open(
        'type' in message && message.type === 'conversation_initiation_client_data' ? message : null,
      )
    if ('user_audio_chunk' in message) return this.onAudio(message.user_audio_chunk)
    switch (message.type) {
      case 'user_message':
        // A turn runs beside the message loop: the client's tool results must still get through.
        void this.userTurn(message.text).catch((error) => this.end('failed', String(error).slice(0, 100)))
        return
      case 'contextual_update':
        this.history.push({ role: 'system', content: `Context update: ${message.text}` })
        return
      case 'client_tool_result': {
        const resolve = this.pendingTools.get(message.tool_call_id)
        this.pendingTools.delete(message.tool_call_id)
        const value =
          typeof message.result === 'string' ? message.result : JSON.stringify(message.result ?? '')
        resolve?.({ result: value, isError: message.is_error === true })
        return
      }
      case 'feedback':
        await this.deps.conversations.setFeedback(this.agent.workspace_id, this.id, message.score)
        return
      default:
        return
    }
  }

  /** Audio arrives before voice is wired: the client is told this agent answers text. */
  private onAudio(_chunk: string): void {}

  private async open(init: Extract<ClientMessage, { type: 'conversation_initiation_client_data' }> | null) {
    this.config = applyOverrides(
      this.agent.conversation_config,
      this.agent.platform_settings,
      init?.conversation_config_override ?? null,
    )
    const prompt = pathOf(this.config, 'agent', 'prompt')
    const timezone = pathOf(prompt, 'timezone')
    this.variables = {
      ...placeholdersOf(this.config),
      ...(init?.dynamic_variables ?? {}),
      ...systemVariables({
        agentId: this.agent.id,
        conversationId: this.id,
        timezone: typeof timezone === 'string' ? timezone : null,
      }),
    }
    const toolIds = (pathOf(prompt, 'tool_ids') as string[] | undefined) ?? []
    const rows = await this.deps.tools.findMany(this.agent.workspace_id, toolIds)
    const tools: AgentTool[] = [...rows.map(agentToolOf), ...systemToolsOf(prompt)]
    this.brain = createBrain(this.deps.brain, {
      workspaceId: this.agent.workspace_id,
      config: this.config,
      tools,
      variables: this.variables,
    })
    await this.deps.conversations.insert({
      id: this.id,
      workspaceId: this.agent.workspace_id,
      agentId: this.agent.id,
      userId: this.userId,
      mode: 'text',
      clientData: init
        ? {
            dynamic_variables: init.dynamic_variables ?? {},
            conversation_config_override: init.conversation_config_override ?? {},
          }
        : null,
    })
    await this.deps.agents.touchLastCall(this.agent.id, new Date())
    this.heartbeat = setInterval(() => void this.save().catch(() => undefined), HEARTBEAT_MS)
    this.send(serverEvents.metadata(this.id, AGENT_DEFAULT_AUDIO_FORMAT))
    const { fillVariables } = await import('./dynamic-variables.js')
    const first = fillVariables(
      String(pathOf(this.config, 'agent', 'first_message') ?? ''),
      this.variables,
    ).trim()
    if (first) this.say(first)
  }

  private say(text: string): void {
    this.eventId += 1
    this.send(serverEvents.agentResponse(text, this.eventId))
    this.transcript.push({ role: 'agent', message: text, time_in_call_secs: this.seconds() })
  }

  private async userTurn(text: string): Promise<void> {
    if (this.turn) {
      // The caller spoke over the agent: the old turn stops where it is.
      this.turn.abort()
      this.send(serverEvents.interruption(this.eventId))
    }
    this.eventId += 1
    this.send(serverEvents.userTranscript(text, this.eventId))
    this.transcript.push({ role: 'user', message: text, time_in_call_secs: this.seconds() })
    this.history.push({ role: 'user', content: text })
    const controller = new AbortController()
    this.turn = controller
    try {
      const result = await runAgentTurn(this.brain as Brain, this.history, text, controller.signal, {
        onText: () => undefined,
        onUsage: (input, output) => {
          this.tokens.input += input
          this.tokens.output += output
        },
        runTool: (tool, call, args) => this.runTool(tool, call, args),
      })
      if (controller.signal.aborted) return
      if (result.text.trim()) this.say(result.text.trim())
      if (result.ended) await this.end('done', 'end_call tool')
    } catch (error) {
      if (controller.signal.aborted) return
      if (
        error instanceof AppError &&
        (error.code === 'llm_unavailable' || error.code === 'agent_llm_unknown')
      ) {
        this.say(LLM_FAILURE_MESSAGE)
        await this.end('failed', error.message)
        return
      }
      throw error
    } finally {
      if (this.turn === controller) this.turn = null
    }
  }

  private async runTool(
    tool: AgentTool,
    call: ToolCall,
    args: Record<string, unknown>,
  ): Promise<ToolOutcome> {
    const started = Date.now()
    const outcome = await this.toolOutcome(tool, call, args)
    if (tool.id) await this.deps.tools.recordCall(tool.id, Date.now() - started)
    this.send(serverEvents.agentToolResponse(tool.name, call.id, tool.type, outcome.isError))
    // System tools have a result shape of their own; theirs is recorded without a type.
    const type = ['client', 'webhook', 'mcp'].includes(tool.type) ? tool.type : undefined
    const latency = (Date.now() - started) / 1000
    this.transcript.push({
      role: 'agent',
      message: null,
      time_in_call_secs: this.seconds(),
      tool_calls: [
        {
          tool_name: tool.name,
          request_id: call.id,
          params_as_json: JSON.stringify(args),
          tool_has_been_called: true,
          type,
        },
      ],
      tool_results: [
        {
          tool_name: tool.name,
          request_id: call.id,
          result_value: outcome.result,
          is_error: outcome.isError,
          tool_has_been_called: true,
          tool_latency_secs: latency,
          type,
        },
      ],
    })
    return outcome
  }

  private toolOutcome(tool: AgentTool, call: ToolCall, args: Record<string, unknown>): Promise<ToolOutcome> {
    if (tool.type === 'webhook') return callWebhook(this.deps.webhookFetch, tool, args, this.variables)
    if (tool.type === 'system')
      return Promise.resolve(
        tool.name === 'end_call'
          ? { result: 'Goodbye.', isError: false, ends: true }
          : { result: 'ok', isError: false },
      )
    this.send(serverEvents.clientToolCall(tool.name, call.id, args))
    if (tool.config.expects_response === false) return Promise.resolve({ result: 'ok', isError: false })
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pendingTools.delete(call.id)
        resolve({ result: 'The client did not answer in time.', isError: true })
      }, tool.timeoutMs)
      this.pendingTools.set(call.id, (outcome) => {
        clearTimeout(timer)
        resolve(outcome)
      })
    })
  }

  private touch(): void {
    clearTimeout(this.idle)
    this.idle = setTimeout(() => void this.end('done', 'idle timeout'), CONVERSATION_IDLE_SECONDS * 1000)
  }

  private async save(status?: string): Promise<void> {
    const duration = Math.round((Date.now() - this.startedAt) / 1000)
    await this.deps.conversations.save(this.id, {
      transcript: this.transcript,
      metadata: {
        start_time_unix_secs: Math.floor(this.startedAt / 1000),
        call_duration_secs: duration,
        cost: await this.deps.costOf(this.agent.workspace_id, duration),
        llm: this.brain?.llm ?? null,
        charging: { llm_usage: { input_tokens: this.tokens.input, output_tokens: this.tokens.output } },
      },
      ...(status ? { status, endedAt: new Date() } : {}),
    })
  }

  /** Ends the conversation once: pending work stops, the record is written, the socket closes. */
  async end(status: 'done' | 'failed', reason: string): Promise<void> {
    if (this.ended) return
    this.ended = true
    this.turn?.abort()
    clearInterval(this.heartbeat)
    clearTimeout(this.idle)
    for (const resolve of this.pendingTools.values())
      resolve({ result: 'The conversation ended.', isError: true })
    if (this.brain) await this.save(status)
    this.close(1000, reason.slice(0, 100))
  }
}
