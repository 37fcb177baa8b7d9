// The OpenAI chat-completions protocol as this server speaks it to any compatible endpoint.

export interface ChatEndpoint {
  /** The chat-completions URL (https://host/v1/chat/completions). */
  url: string
  model: string
  /** Sent as a Bearer token when set. */
  apiKey?: string | null | undefined
  /** Extra headers the endpoint needs (a custom LLM's secret header). */
  headers?: Record<string, string> | undefined
}

export interface ToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] | undefined }
  | { role: 'tool'; content: string; tool_call_id: string }

export interface ToolSpec {
  type: 'function'
  function: { name: string; description: string; parameters: Record<string, unknown> }
}

export interface ChatRequest {
  messages: ChatMessage[]
  tools?: ToolSpec[] | undefined
  temperature?: number | undefined
  maxTokens?: number | undefined
  signal?: AbortSignal | undefined
}

export interface ChatUsage {
  promptTokens: number
  completionTokens: number
}

/** What a streamed answer yields: text as it comes, then the tool calls (if any) and the end. */
export type ChatEvent =
  | { type: 'text'; text: string }
  | { type: 'tool_calls'; calls: ToolCall[] }
  | { type: 'done'; finishReason: string; usage: ChatUsage | null }

export interface ChatResult {
  text: string
  toolCalls: ToolCall[]
  finishReason: string
  usage: ChatUsage | null
}

/** The fetch the client calls through: the outbound rules' checked fetch, or the operator's own. */
export type ChatFetch = (input: string, init: RequestInit) => Promise<Response>
