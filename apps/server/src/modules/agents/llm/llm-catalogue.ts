import {
  BUILT_IN_LLM_ID,
  BUILT_IN_LLM_NAME,
  CUSTOM_LLM_ID,
  GGUF_LLM_PREFIX,
  type LlmKind,
} from '@timbre/contract'
import { type GgufModel, listGgufModels } from './gguf-models.js'

/** The operator's OpenAI-compatible endpoint and the model names it serves. */
export interface OperatorLlm {
  url: string
  models: string[]
  apiKey: string | null
}

export interface LlmChoice {
  id: string
  name: string
  kind: LlmKind
  sizeBytes: number | null
}

/**
 * The language models agents can choose on this server: the built-in retrieval engine (always),
 * the operator endpoint's models, and the GGUF files in MODELS_DIR. `custom-llm` (an agent's own
 * endpoint) is always accepted and checked where its URL is saved.
 */
export function createLlmCatalogue(deps: { modelsDir: string; operator: OperatorLlm | null }) {
  async function list(): Promise<LlmChoice[]> {
    const choices: LlmChoice[] = [
      { id: BUILT_IN_LLM_ID, name: BUILT_IN_LLM_NAME, kind: 'built_in', sizeBytes: null },
    ]
    for (const model of deps.operator?.models ?? [])
      choices.push({ id: model, name: model, kind: 'openai_compatible', sizeBytes: null })
    for (const model of await listGgufModels(deps.modelsDir))
      choices.push({ id: model.id, name: model.file, kind: 'gguf', sizeBytes: model.sizeBytes })
    return choices
  }

  async function accepts(llm: string): Promise<boolean> {
    if (llm === BUILT_IN_LLM_ID || llm === CUSTOM_LLM_ID) return true
    return (await list()).some((choice) => choice.id === llm)
  }

  async function gguf(llm: string): Promise<GgufModel | undefined> {
    if (!llm.startsWith(GGUF_LLM_PREFIX)) return undefined
    return (await listGgufModels(deps.modelsDir)).find((model) => model.id === llm)
  }

  return { list, accepts, gguf, operator: deps.operator }
}

export type LlmCatalogue = ReturnType<typeof createLlmCatalogue>
