import { AGENT_DEFAULT_AUDIO_FORMAT, CONVERSATION_IDLE_SECONDS } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { ChatMessage, ToolCall } from '../../../platform/llm/chat-client.js'
import { type JsonObject, pathOf, placeholdersOf } from '../agent-config.js'
import type { AgentRow } from '../agents.repository.js'
import { onThePhone } from '../twilio/twilio-session.js'
import { liveVersion } from '../versions/versioning.js'
import { hasWorkflow } from '../workflow/workflow-check.js'
import { workflowHost } from '../workflow/workflow-host.js'
import { WorkflowRunner } from '../workflow/workflow-runner.js'
import { type Brain, createBrain } from './agent-brain.js'
import { AgentMcp } from './agent-mcp.js'
import { type AgentTool, agentToolOf, callWebhook, systemToolsOf } from './agent-tools.js'
import { runAgentTurn, type ToolOutcome } from './agent-turn.js'
import { ConversationCharge } from './conversation-charge.js'
import { type ClientMessage, clientMessage, serverEvents } from './conversation-messages.js'
import { fillVariables, systemVariables } from './dynamic-variables.js'
import { applyOverrides } from './overrides.js'
import type { RuntimeDeps } from './runtime-deps.js'
import { runSystemTool, type SystemToolContext } from './system-tools.js'
import { reengageLine, TurnTimeout } from './turn-timeout.js'
import { type Reply, VoiceChannel } from './voice-channel.js'
import { BrokenAudio, type Utterance } from './voice-input.js'

/** What the agent says when its language model fails, before the conversation ends. */
export const LLM_FAILURE_MESSAGE =
  "I'm sorry, I can't think right now: my language model is not answering. Please try again later."
/** The record and the credits used are written this often (a crash charges up to the last write). */
const HEARTBEAT_MS = 5_000

/** Where a conversation's recording is stored. */
export function conversationAudioKey(workspaceId: string, conversationId: string): string {
  return `convai/${workspaceId}/${conversationId}.wav`
}
/** The longest the last words are given to be heard before a conversation closes. */
const LAST_WORDS_MS = 15_000

/** Stage latencies of a voice turn, in seconds, as the record's turn metrics. */
interface TurnTimings {
  vadMs: number
  recognitionMs: number
  speechEndedAt: number
}

type InitiationData = Extract<ClientMessage, { type: 'conversation_initiation_client_data' }>

export interface TranscriptEntry {
  role: 'user' | 'agent'
  message: string | null
  time_in_call_secs: number
  tool_calls?: unknown[]
  tool_results?: unknown[]
  interrupted?: boolean
  original_message?: string
  conversation_turn_metrics?: { metrics: Record<string, { elapsed_time: number }> }
  agent_metadata?: { agent_id: string; workflow_node_id?: string }
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
  private limit: NodeJS.Timeout | undefined
  private silence: NodeJS.Timeout | undefined
  private ended = false
  private voice: VoiceChannel | null = null
  private charge: ConversationCharge | null = null
  private turnTimeout: TurnTimeout | null = null
  private init: InitiationData | null = null
  private readonly mcp: AgentMcp
  /** The language the agent speaks now (a language switch changes it). */
  private language = 'en'
  /** The agent's reply being spoken, with its transcript entry (cut on an interruption). */
  private speaking: { reply: Reply; entry: TranscriptEntry } | null = null
  /** The agent's workflow, when it has one, and who is talking in it. */
  private workflow: WorkflowRunner | null = null
  private speaker: string
  /** Settles once the conversation has greeted (and its workflow walked to its first node). */
  private ready: Promise<void> = Promise.resolve()

  constructor(
    private readonly deps: RuntimeDeps,
    private agent: AgentRow,
    private readonly userId: string | null,
    private readonly send: (message: object) => void,
    private readonly close: (code: number, reason: string) => void,
    /** Opened from the app by a member (the playground): charged at the development discount. */
    private readonly development = false,
    /** A phone call (keypad tones and number transfers apply only there). */
    private readonly phone = false,
  ) {
    this.speaker = agent.id
    this.mcp = new AgentMcp(deps)
  }

  /** Marks an agent entry of the record with the agent and workflow node it came from. */
  private stamp<T extends TranscriptEntry>(entry: T): T {
    if (this.workflow)
      entry.agent_metadata = { agent_id: this.speaker, workflow_node_id: this.workflow.current }
    return entry
  }

  /** The agent's mind for a configuration: its tools looked up, the model set up. */
  private async think(config: JsonObject, speaker = this.agent.id): Promise<void> {
    const prompt = pathOf(config, 'agent', 'prompt')
    const toolIds = (pathOf(prompt, 'tool_ids') as string[] | undefined) ?? []
    const rows = await this.deps.tools.findMany(this.agent.workspace_id, toolIds)
    const mcpServerIds = (pathOf(prompt, 'mcp_server_ids') as string[] | undefined) ?? []
    const tools: AgentTool[] = [
      ...rows.map(agentToolOf),
      ...systemToolsOf(prompt),
      ...(await this.mcp.tools(this.agent.workspace_id, mcpServerIds)),
    ]
    // A workflow node may speak in another voice: the next reply uses it.
    if (this.voice && this.brain) await this.voice.useVoice(this.agent.workspace_id, config)
    this.config = config
    this.speaker = speaker
    this.brain = createBrain(this.deps.brain, {
      workspaceId: this.agent.workspace_id,
      config,
      tools,
      variables: this.variables,
    })
    const language = pathOf(config, 'agent', 'language')
    this.language = typeof language === 'string' && language ? language : 'en'
  }

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

  /** Caller audio: broken chunks are reported and skipped; a text-only agent ignores audio. */
  private async onAudio(chunk: string): Promise<void> {
    if (!this.voice) return
    try {
      await this.voice.audio(chunk)
    } catch (error) {
      if (!(error instanceof BrokenAudio)) throw error
      this.send(serverEvents.error(error.message, 'invalid_audio'))
    }
  }

  /** The caller spoke over the agent: its audio stops, and the record keeps what was heard. */
  /** A voice call the caller stays silent in for the agent's `silence_end_call_timeout` ends. */
  private heardCaller(): void {
    clearTimeout(this.silence)
    this.turnTimeout?.callerActive()
    const seconds = pathOf(this.config, 'turn', 'silence_end_call_timeout')
    if (!this.voice || typeof seconds !== 'number' || seconds <= 0) return
    this.silence = setTimeout(() => void this.end('done', 'silence timeout'), seconds * 1000)
  }

  private onSpeechStart(): void {
    this.heardCaller()
    const cut = this.voice?.bargeIn()
    if (!cut) return
    this.turn?.abort()
    this.send(serverEvents.interruption(cut.eventId))
    const spoken = this.speaking
    this.speaking = null
    if (cut.heard !== cut.original) this.send(serverEvents.correction(cut.original, cut.heard, cut.eventId))
    if (spoken) {
      spoken.entry.original_message = spoken.entry.message ?? cut.original
      spoken.entry.message = cut.heard
      spoken.entry.interrupted = true
    }
    const last = this.history.at(-1)
    if (last?.role === 'assistant' && typeof last.content === 'string') last.content = cut.heard
  }

  private onUtterance(utterance: Utterance): void {
    if (this.ended || !utterance.text) return
    void this.userTurn(utterance.text, utterance).catch((error) =>
      this.end('failed', String(error).slice(0, 100)),
    )
  }

  /** The agent's configuration, variables and brain, for the agent the conversation is with. */
  private async prepare(init: InitiationData | null): Promise<void> {
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
    await this.think(this.config)
  }

  private async open(init: InitiationData | null) {
    const live = await liveVersion(this.deps, this.agent, this.id)
    this.agent = live.agent
    this.init = init
    await this.prepare(init)
    if (hasWorkflow(this.agent.workflow))
      this.workflow = new WorkflowRunner(this.agent.workflow, workflowHost(this.hostParts(), this.config))
    const textOnly = pathOf(this.config, 'conversation', 'text_only') === true
    this.charge = new ConversationCharge(
      this.deps.charge,
      { workspaceId: this.agent.workspace_id, userId: this.userId ?? this.agent.created_by },
      this.id,
      this.development,
    )
    await this.charge.open()
    if (!textOnly)
      this.voice = await VoiceChannel.open(this.deps.voice, this.agent.workspace_id, this.config, {
        send: this.send,
        onUtterance: (u) => this.onUtterance(u),
        onSpeechStart: () => this.onSpeechStart(),
        onError: (error) => void this.end('failed', String(error).slice(0, 100)),
      })
    if (this.voice)
      this.turnTimeout = TurnTimeout.of(this.config, () => this.reengage(reengageLine(this.language)))
    await this.deps.conversations.insert({
      id: this.id,
      workspaceId: this.agent.workspace_id,
      agentId: this.agent.id,
      branchId: live.branchId,
      versionId: live.versionId,
      userId: this.userId,
      mode: textOnly ? 'text' : 'voice',
      clientData: init
        ? {
            dynamic_variables: init.dynamic_variables ?? {},
            conversation_config_override: init.conversation_config_override ?? {},
          }
        : null,
    })
    await this.deps.agents.touchLastCall(this.agent.id, new Date())
    this.heartbeat = setInterval(() => void this.beat().catch(() => undefined), HEARTBEAT_MS)
    const maxSeconds = pathOf(this.config, 'conversation', 'max_duration_seconds')
    if (typeof maxSeconds === 'number' && maxSeconds > 0)
      this.limit = setTimeout(() => void this.end('done', 'max duration'), maxSeconds * 1000)
    this.heardCaller()
    this.send(
      serverEvents.metadata(
        this.id,
        this.voice?.outputFormat ?? AGENT_DEFAULT_AUDIO_FORMAT,
        this.voice?.inputFormat ?? AGENT_DEFAULT_AUDIO_FORMAT,
      ),
    )
    // The walk to the workflow's first node may call client tools, whose results arrive as
    // messages: it runs beside the message loop, and user turns wait for it.
    this.ready = this.greet().catch((error) => this.end('failed', String(error).slice(0, 100)))
  }

  /** The workflow walks to its first talking node, whose first message greets the caller. */
  private async greet(): Promise<void> {
    await this.workflow?.start()
    if (this.ended) return
    const first = fillVariables(
      String(pathOf(this.config, 'agent', 'first_message') ?? ''),
      this.variables,
    ).trim()
    if (first)
      void this.say(first)
        .then(() => this.countSilence())
        .catch((error) => this.end('failed', String(error).slice(0, 100)))
    else this.countSilence()
  }

  /**
   * The caller's silence counts from when they have heard the agent out, not from when its
   * audio was sent (a reply is sent faster than it plays): a long answer must not leave the
   * caller only a moment before being asked whether they are still there.
   */
  private async countSilence(): Promise<void> {
    await this.voice?.drain(LAST_WORDS_MS)
    if (!this.ended && !this.turn) this.turnTimeout?.agentDone()
  }

  /** What the workflow host needs of this session. */
  private hostParts() {
    return {
      agent: this.agent,
      variables: this.variables,
      deps: this.deps,
      become: (config: JsonObject, speaker: string) => this.think(config, speaker),
      say: (text: string) => this.say(text),
      runTool: (tool: AgentTool, call: ToolCall, args: Record<string, unknown>) =>
        this.runTool(tool, call, args),
      record: (entry: TranscriptEntry) => this.transcript.push(this.stamp(entry)),
      seconds: () => this.seconds(),
      history: () => this.history,
      end: async (reason: string) => {
        await this.voice?.drain(LAST_WORDS_MS)
        await this.end('done', reason)
      },
    }
  }

  /** The caller has been silent for the turn timeout (and the agent is not answering). */
  private async reengage(text: string): Promise<void> {
    if (!this.ended && !this.turn) await this.say(text)
  }

  /** Says a whole text: the response event, its speech in a voice conversation, the record. */
  private say(text: string): Promise<void> {
    this.eventId += 1
    const reply = this.voice?.reply(this.eventId)
    this.send(serverEvents.agentResponse(text, this.eventId))
    const entry = this.stamp<TranscriptEntry>({
      role: 'agent',
      message: text,
      time_in_call_secs: this.seconds(),
    })
    this.transcript.push(entry)
    if (!reply) return Promise.resolve()
    this.speaking = { reply, entry }
    reply.speech.write(text)
    reply.speech.end()
    return reply.speech.run()
  }

  private async userTurn(text: string, timings?: TurnTimings): Promise<void> {
    await this.ready
    if (this.ended) return
    if (this.turn) {
      // The caller spoke over the agent: the old turn stops where it is.
      this.turn.abort()
      if (!this.voice) this.send(serverEvents.interruption(this.eventId))
    }
    this.eventId += 1
    this.send(serverEvents.userTranscript(text, this.eventId))
    this.transcript.push({ role: 'user', message: text, time_in_call_secs: this.seconds() })
    this.history.push({ role: 'user', content: text })
    const controller = new AbortController()
    this.turn = controller
    if (this.workflow) {
      try {
        await this.workflow.heard(text)
      } finally {
        if (this.turn === controller && (this.ended || controller.signal.aborted)) this.turn = null
      }
      if (this.ended || controller.signal.aborted) return
    }
    this.eventId += 1
    const eventId = this.eventId
    const reply = this.voice?.reply(eventId) ?? null
    const speaking = reply?.speech.run() ?? Promise.resolve()
    const asked = performance.now()
    let firstText = 0
    try {
      const result = await runAgentTurn(this.brain as Brain, this.history, text, controller.signal, {
        onText: (piece) => {
          firstText ||= performance.now()
          reply?.speech.write(piece)
        },
        onUsage: (input, output) => {
          this.tokens.input += input
          this.tokens.output += output
        },
        runTool: (tool, call, args) => this.runTool(tool, call, args),
      })
      if (controller.signal.aborted) return
      reply?.speech.end()
      const answer = result.text.trim()
      if (answer) {
        this.send(serverEvents.agentResponse(answer, eventId))
        const entry = this.stamp<TranscriptEntry>({
          role: 'agent',
          message: answer,
          time_in_call_secs: this.seconds(),
        })
        this.transcript.push(entry)
        if (reply) this.speaking = { reply, entry }
        await speaking
        if (timings && reply) entry.conversation_turn_metrics = turnMetrics(timings, asked, firstText, reply)
      }
      if (!controller.signal.aborted) void this.countSilence()
      if (result.ended) {
        await this.voice?.drain(LAST_WORDS_MS)
        await this.end('done', result.endReason ?? 'end_call tool')
      }
    } catch (error) {
      reply?.speech.stop()
      if (controller.signal.aborted) return
      if (
        error instanceof AppError &&
        (error.code === 'llm_unavailable' || error.code === 'agent_llm_unknown')
      ) {
        await this.say(LLM_FAILURE_MESSAGE)
        await this.voice?.drain(LAST_WORDS_MS)
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
    this.transcript.push(
      this.stamp({
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
      }),
    )
    return outcome
  }

  private toolOutcome(tool: AgentTool, call: ToolCall, args: Record<string, unknown>): Promise<ToolOutcome> {
    if (tool.type === 'webhook') return callWebhook(this.deps.webhookFetch, tool, args, this.variables)
    if (tool.type === 'system') return runSystemTool(this.systemToolContext(), tool, args)
    if (tool.type === 'mcp') return this.mcp.call(tool, args)
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

  private systemToolContext(): SystemToolContext {
    return {
      phone: this.phone,
      config: this.config,
      variables: this.variables,
      say: (text) => this.say(text),
      switchLanguage: async (language) => {
        this.language = language
        const voiceId = pathOf(this.config, 'language_presets', language, 'overrides', 'tts', 'voice_id')
        if (typeof voiceId === 'string') await this.voice?.switchVoice(this.agent.workspace_id, voiceId)
        this.history.push({
          role: 'system',
          content: `From now on, speak only in the language "${language}".`,
        })
      },
      transferToAgent: async (agentId, transfer) => {
        const next = await this.deps.agents.find(this.agent.workspace_id, agentId)
        if (!next) return false
        const message = transfer.transfer_message
        if (typeof message === 'string' && message.trim()) await this.say(message.trim())
        this.agent = this.phone ? onThePhone(next) : next
        // The conversation leaves the first agent's workflow with the agent.
        this.workflow = null
        await this.prepare(this.init)
        const voiceId = pathOf(this.config, 'tts', 'voice_id')
        if (typeof voiceId === 'string') await this.voice?.switchVoice(this.agent.workspace_id, voiceId)
        const first = fillVariables(
          String(pathOf(this.config, 'agent', 'first_message') ?? ''),
          this.variables,
        )
        if (transfer.enable_transferred_agent_first_message === true && first.trim())
          await this.say(first.trim())
        return true
      },
      playTones: async (tones) => {
        this.eventId += 1
        await this.voice?.playTones(this.eventId, tones)
      },
    }
  }

  private touch(): void {
    clearTimeout(this.idle)
    this.idle = setTimeout(() => void this.end('done', 'idle timeout'), CONVERSATION_IDLE_SECONDS * 1000)
  }

  /** Both sides of a voice call, stored with the record. */
  private async keepRecording(): Promise<void> {
    const wav = this.voice?.recording.wav()
    if (!wav) return
    const key = conversationAudioKey(this.agent.workspace_id, this.id)
    await this.deps.voice.storage.put(key, wav)
    await this.deps.conversations.setAudio(this.id, key)
  }

  /** The call so far: the seconds used go to the ledger, then the record says the same. */
  private async beat(): Promise<void> {
    const seconds = Math.floor((Date.now() - this.startedAt) / 1000)
    await this.charge?.progress(seconds)
    await this.save(undefined, seconds, this.charge?.credits ?? 0)
  }

  private async save(status: string | undefined, duration: number, cost: number): Promise<void> {
    await this.deps.conversations.save(this.id, {
      transcript: this.transcript,
      metadata: {
        start_time_unix_secs: Math.floor(this.startedAt / 1000),
        call_duration_secs: duration,
        cost,
        llm: this.brain?.llm ?? null,
        charging: {
          dev_discount: this.development,
          llm_usage: { input_tokens: this.tokens.input, output_tokens: this.tokens.output },
        },
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
    clearTimeout(this.limit)
    clearTimeout(this.silence)
    this.turnTimeout?.stop()
    for (const resolve of this.pendingTools.values())
      resolve({ result: 'The conversation ended.', isError: true })
    try {
      await this.mcp.close()
      await this.voice?.close()
      const seconds = Math.round((Date.now() - this.startedAt) / 1000)
      const cost = (await this.charge?.close(seconds)) ?? 0
      if (this.brain) {
        await this.keepRecording()
        await this.save(status, seconds, cost)
        await this.deps.afterCall(this.id)
      }
    } finally {
      this.close(1000, reason.slice(0, 100))
    }
  }
}

/** ElevenLabs-style metrics of one voice turn: seconds of each stage from the end of speech. */
function turnMetrics(
  timings: TurnTimings,
  asked: number,
  firstText: number,
  reply: Reply,
): { metrics: Record<string, { elapsed_time: number }> } {
  const s = (ms: number) => ({ elapsed_time: Math.max(0, Math.round(ms) / 1000) })
  const firstAudio = reply.speech.firstAudioAt
  return {
    metrics: {
      convai_vad_latency: s(timings.vadMs),
      convai_asr_trailing_service_latency: s(timings.recognitionMs),
      convai_llm_service_ttfb: s((firstText || asked) - asked),
      convai_tts_service_ttfb: s(firstAudio ? firstAudio - (firstText || asked) : 0),
      convai_end_of_speech_to_first_audio: s(firstAudio ? firstAudio - timings.speechEndedAt : 0),
    },
  }
}
