import { PODCAST_LLM_TIMEOUT_MS } from '@timbre/contract'
import { AppError } from '../../errors.js'

// One call to the operator's OpenAI-compatible chat-completions endpoint: messages in, the
// first choice's text out. Any failure (no answer, an error status, an answer without text) is
// one clear error; nothing has been stored or charged when it happens.

export interface LlmEndpoint {
  url: string
  model: string
  apiKey: string | null
}

export interface ChatMessage {
  role: 'system' | 'user'
  content: string
}

export async function chatCompletion(endpoint: LlmEndpoint, messages: ChatMessage[]): Promise<string> {
  let response: Response
  try {
    response = await fetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: endpoint.model, messages, temperature: 0.7 }),
      signal: AbortSignal.timeout(PODCAST_LLM_TIMEOUT_MS),
      redirect: 'error',
    })
  } catch {
    throw new AppError('podcast_llm_failed', { message: 'The language model could not be reached.' })
  }
  if (!response.ok) {
    throw new AppError('podcast_llm_failed', {
      message: `The language model answered HTTP ${response.status}.`,
    })
  }
  const body = (await response.json().catch(() => null)) as {
    choices?: Array<{ message?: { content?: unknown } }>
  } | null
  const content = body?.choices?.[0]?.message?.content
  if (typeof content !== 'string' || !content.trim()) throw new AppError('podcast_llm_failed')
  return content
}
