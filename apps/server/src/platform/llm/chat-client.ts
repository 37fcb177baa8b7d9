import { AppError } from '../../errors.js'
import type { ChatEndpoint, ChatEvent, ChatFetch, ChatRequest, ChatResult, ToolCall } from './chat-types.js'
import { sseData } from './sse-lines.js'

export type * from './chat-types.js'

/** Time allowed for the endpoint to answer with its first byte of the stream. */
const DEFAULT_FIRST_BYTE_MS = 20_000

interface StreamChunk {
  choices?: Array<{
    delta?: {
      content?: string | null
      tool_calls?: Array<{
        index?: number
        id?: string
        type?: string
        function?: { name?: string; arguments?: string }
      }>
    }
    finish_reason?: string | null
  }>
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null
}

function unavailable(message: string): AppError {
  return new AppError('llm_unavailable', { message })
}

/** Tool calls arrive in pieces keyed by index: the id and name first, the arguments in slices. */
class ToolCallAssembler {
  private readonly calls = new Map<number, ToolCall>()

  add(
    delta: NonNullable<NonNullable<NonNullable<StreamChunk['choices']>[number]['delta']>['tool_calls']>,
  ): void {
    for (const piece of delta) {
      const index = piece.index ?? 0
      const call = this.calls.get(index) ?? {
        id: '',
        type: 'function' as const,
        function: { name: '', arguments: '' },
      }
      if (piece.id) call.id = piece.id
      if (piece.function?.name) call.function.name += piece.function.name
      if (piece.function?.arguments) call.function.arguments += piece.function.arguments
      this.calls.set(index, call)
    }
  }

  finish(): ToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => ({ ...call, id: call.id || `call_${index}` }))
      .filter((call) => call.function.name)
  }
}

/**
 * A client of any OpenAI-compatible chat-completions endpoint (llama.cpp, Ollama, vLLM, hosted
 * ones): answers are streamed, text as it arrives and tool calls assembled from their pieces.
 * An endpoint that is down, slow to start, or answers an error is one `llm_unavailable` error.
 */
export function createChatClient(deps: { fetch: ChatFetch; firstByteMs?: number }) {
  const firstByteMs = deps.firstByteMs ?? DEFAULT_FIRST_BYTE_MS

  async function open(
    endpoint: ChatEndpoint,
    request: ChatRequest,
    controller: AbortController,
  ): Promise<Response> {
    const body: Record<string, unknown> = {
      model: endpoint.model,
      messages: request.messages,
      stream: true,
      stream_options: { include_usage: true },
    }
    if (request.tools?.length) body.tools = request.tools
    if (request.temperature !== undefined) body.temperature = request.temperature
    if (request.maxTokens !== undefined && request.maxTokens > 0) body.max_tokens = request.maxTokens
    const timer = setTimeout(() => controller.abort(new Error('first byte timeout')), firstByteMs)
    try {
      const response = await deps.fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
          ...endpoint.headers,
        },
        body: JSON.stringify(body),
        signal: controller.signal,
      })
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => undefined)
        throw unavailable(`The language model answered HTTP ${response.status}.`)
      }
      return response
    } catch (error) {
      if (error instanceof AppError) throw error
      if (request.signal?.aborted) throw error
      throw unavailable(
        controller.signal.aborted
          ? 'The language model did not answer in time.'
          : 'The language model could not be reached.',
      )
    } finally {
      clearTimeout(timer)
    }
  }

  async function* stream(endpoint: ChatEndpoint, request: ChatRequest): AsyncGenerator<ChatEvent> {
    const controller = new AbortController()
    const onAbort = () => controller.abort(request.signal?.reason)
    request.signal?.addEventListener('abort', onAbort, { once: true })
    try {
      const response = await open(endpoint, request, controller)
      const tools = new ToolCallAssembler()
      let finishReason = 'stop'
      let usage: { promptTokens: number; completionTokens: number } | null = null
      for await (const data of sseData(response.body as ReadableStream<Uint8Array>)) {
        if (data === '[DONE]') break
        let chunk: StreamChunk
        try {
          chunk = JSON.parse(data) as StreamChunk
        } catch {
          throw unavailable('The language model sent an answer that is not JSON.')
        }
        if (chunk.usage)
          usage = {
            promptTokens: chunk.usage.prompt_tokens ?? 0,
            completionTokens: chunk.usage.completion_tokens ?? 0,
          }
        const choice = chunk.choices?.[0]
        if (!choice) continue
        if (choice.delta?.content) yield { type: 'text', text: choice.delta.content }
        if (choice.delta?.tool_calls) tools.add(choice.delta.tool_calls)
        if (choice.finish_reason) finishReason = choice.finish_reason
      }
      const calls = tools.finish()
      if (calls.length) yield { type: 'tool_calls', calls }
      yield { type: 'done', finishReason, usage }
    } catch (error) {
      if (error instanceof AppError || request.signal?.aborted) throw error
      throw unavailable('The language model stopped answering.')
    } finally {
      request.signal?.removeEventListener('abort', onAbort)
      controller.abort()
    }
  }

  /** The whole answer at once (for analysis and simulations). */
  async function complete(endpoint: ChatEndpoint, request: ChatRequest): Promise<ChatResult> {
    let text = ''
    let toolCalls: ToolCall[] = []
    let finishReason = 'stop'
    let usage: ChatResult['usage'] = null
    for await (const event of stream(endpoint, request)) {
      if (event.type === 'text') text += event.text
      else if (event.type === 'tool_calls') toolCalls = event.calls
      else ({ finishReason, usage } = event)
    }
    return { text, toolCalls, finishReason, usage }
  }

  return { stream, complete }
}

export type ChatClient = ReturnType<typeof createChatClient>
