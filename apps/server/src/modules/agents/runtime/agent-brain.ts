import { BUILT_IN_LLM_ID, CUSTOM_LLM_ID, LLM_MAX_TOOL_ROUNDS } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import type {
  ChatClient,
  ChatEndpoint,
  ChatMessage,
  ToolCall,
  ToolSpec,
} from '../../../platform/llm/chat-client.js'
import { isObject, type JsonObject, pathOf } from '../agent-config.js'
import { builtInReply, type EngineTool } from '../llm/built-in-engine.js'
import type { LoadedGguf } from '../llm/gguf-models.js'
import type { LlmCatalogue } from '../llm/llm-catalogue.js'
import type { KnowledgeRetrieval, RetrievedPassage } from '../ports.js'
import { customLlmHeaders, type SecretValue } from './custom-llm-headers.js'
import { fillVariables } from './dynamic-variables.js'

// The agent's mind for one conversation: the system prompt, the tools it may call and the model
// it runs on. A turn yields text and tool calls; the session runs the tools and asks again.

export type BrainEvent =
  | { type: 'text'; text: string }
  | { type: 'tool_call'; call: ToolCall; tool: EngineTool }
  | { type: 'usage'; inputTokens: number; outputTokens: number }

export interface BrainDeps {
  /** For an agent's own endpoint (custom LLM). */
  chat: ChatClient
  /** For the operator's endpoint. */
  operatorChat: ChatClient
  llms: LlmCatalogue
  knowledge: KnowledgeRetrieval | null
  loadGguf: (llm: string) => Promise<LoadedGguf>
  /** Unseals the workspace secrets a custom LLM's headers name. */
  secretValue: SecretValue
}

export interface BrainSetup {
  workspaceId: string
  config: JsonObject
  tools: EngineTool[]
  variables: Record<string, unknown>
}

const RETRIEVED_PASSAGES = 3

function toolSpecs(tools: EngineTool[]): ToolSpec[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description || tool.name,
      parameters: tool.parameters ?? { type: 'object', properties: {} },
    },
  }))
}

export function createBrain(deps: BrainDeps, setup: BrainSetup) {
  const prompt = pathOf(setup.config, 'agent', 'prompt')
  const llm = String(pathOf(prompt, 'llm') ?? BUILT_IN_LLM_ID)
  const temperature = pathOf(prompt, 'temperature')
  const maxTokens = pathOf(prompt, 'max_tokens')
  const documents = (pathOf(prompt, 'knowledge_base') as JsonObject[] | undefined) ?? []
  const system = fillVariables(String(pathOf(prompt, 'prompt') ?? ''), setup.variables)
  const byName = new Map(setup.tools.map((tool) => [tool.name, tool]))

  async function retrieve(query: string): Promise<RetrievedPassage[]> {
    if (!deps.knowledge || documents.length === 0 || !query.trim()) return []
    return deps.knowledge.retrieve({
      workspaceId: setup.workspaceId,
      documentIds: documents.map((d) => String(d.id)),
      query,
      limit: RETRIEVED_PASSAGES,
    })
  }

  async function endpoint(): Promise<{ client: ChatClient; target: ChatEndpoint }> {
    if (llm === CUSTOM_LLM_ID) {
      const custom = pathOf(prompt, 'custom_llm')
      if (!isObject(custom) || typeof custom.url !== 'string') throw new AppError('agent_llm_unknown')
      const url = custom.url.replace(/\/+$/, '')
      // Resolved per request: a secret changed mid-call is used from the next request on.
      const { headers, apiKey } = await customLlmHeaders(
        custom,
        setup.workspaceId,
        setup.variables,
        deps.secretValue,
      )
      return {
        client: deps.chat,
        target: {
          url: url.endsWith('/chat/completions') ? url : `${url}/chat/completions`,
          model: typeof custom.model_id === 'string' ? custom.model_id : 'default',
          headers,
          apiKey,
        },
      }
    }
    const operator = deps.llms.operator
    if (!operator?.models.includes(llm)) throw new AppError('agent_llm_unknown')
    return { client: deps.operatorChat, target: { url: operator.url, model: llm, apiKey: operator.apiKey } }
  }

  async function systemMessage(query: string): Promise<{ role: 'system'; content: string }> {
    const passages = await retrieve(query)
    const knowledge = passages.length
      ? `\n\nUse these passages from the knowledge base when they answer the question:\n${passages
          .map((p, i) => `[${i + 1}] (${p.documentName}) ${p.text}`)
          .join('\n')}`
      : ''
    return { role: 'system', content: `${system}${knowledge}` }
  }

  /** One reply of a language model, streamed: text as it arrives, then any tool calls. */
  async function* modelTurn(
    history: ChatMessage[],
    query: string,
    signal: AbortSignal,
  ): AsyncGenerator<BrainEvent> {
    const messages = [await systemMessage(query), ...history]
    const { client, target } = await endpoint()
    for await (const event of client.stream(target, {
      messages,
      tools: setup.tools.length ? toolSpecs(setup.tools) : undefined,
      temperature: typeof temperature === 'number' ? temperature : undefined,
      maxTokens: typeof maxTokens === 'number' ? maxTokens : undefined,
      signal,
    })) {
      if (event.type === 'text') yield event
      else if (event.type === 'tool_calls') {
        for (const call of event.calls) {
          const tool = byName.get(call.function.name)
          if (tool) yield { type: 'tool_call', call, tool }
        }
      } else if (event.usage)
        yield {
          type: 'usage',
          inputTokens: event.usage.promptTokens,
          outputTokens: event.usage.completionTokens,
        }
    }
  }

  async function* builtInTurn(history: ChatMessage[], query: string): AsyncGenerator<BrainEvent> {
    const last = history.at(-1)
    if (last?.role === 'tool') {
      // After a tool ran the engine reports its result when it is short text, else that it is done.
      const result = last.content.trim()
      yield {
        type: 'text',
        text: result && result.length <= 300 && !result.startsWith('{') ? result : 'Done.',
      }
      return
    }
    const reply = builtInReply({ text: query, passages: await retrieve(query), tools: setup.tools })
    if (reply.kind === 'answer') {
      yield { type: 'text', text: reply.text }
      return
    }
    const call: ToolCall = {
      id: `call_${Date.now().toString(36)}`,
      type: 'function',
      function: { name: reply.tool.name, arguments: JSON.stringify(reply.arguments) },
    }
    yield { type: 'tool_call', call, tool: reply.tool }
  }

  async function* ggufTurn(query: string, signal: AbortSignal): AsyncGenerator<BrainEvent> {
    const model = await deps.loadGguf(llm)
    const system = await systemMessage(query)
    yield { type: 'text', text: await model.prompt(system.content, query, signal) }
  }

  return {
    llm,
    maxToolRounds: LLM_MAX_TOOL_ROUNDS,
    /** The reply to the conversation so far; `query` is the caller's last words. */
    turn(history: ChatMessage[], query: string, signal: AbortSignal): AsyncGenerator<BrainEvent> {
      if (llm === BUILT_IN_LLM_ID) return builtInTurn(history, query)
      if (llm.startsWith('gguf:')) return ggufTurn(query, signal)
      return modelTurn(history, query, signal)
    },
  }
}

export type Brain = ReturnType<typeof createBrain>
