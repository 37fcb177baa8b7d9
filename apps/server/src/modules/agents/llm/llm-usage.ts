import type { LlmCatalogue } from './llm-catalogue.js'

/** The deprecation timing the public API reports; no model here is ever retired under an agent. */
const NO_DEPRECATION = {
  warning_start_days: 0,
  fallback_start_days: 0,
  fallback_complete_days: 0,
  fallback_start_percentage: 0,
  fallback_complete_percentage: 0,
}

/** GET /v1/convai/llm/list: what agents can run on here, with the file size of GGUF models. */
export async function llmList(llms: LlmCatalogue) {
  const choices = await llms.list()
  return {
    llms: choices.map((choice) => ({
      llm: choice.id,
      name: choice.name,
      kind: choice.kind,
      size_bytes: choice.sizeBytes,
      is_checkpoint: false,
      max_tokens_limit: choice.kind === 'built_in' ? 0 : 4096,
      max_context_limit: choice.kind === 'built_in' ? 0 : 8192,
      supports_image_input: false,
      supports_document_input: false,
      supports_parallel_tool_calls: choice.kind === 'openai_compatible',
    })),
    default_deprecation_config: NO_DEPRECATION,
  }
}

/**
 * POST /v1/convai/llm-usage/calculate: the language-model cost of a conversation. Every model
 * here runs on the operator's own hardware or endpoint, so none adds a per-token charge: the
 * conversation is billed by the minute alone, and these prices are zero.
 */
export async function llmUsage(llms: LlmCatalogue) {
  const choices = await llms.list()
  return {
    llm_prices: choices.map((choice) => ({ llm: choice.id, price_per_minute: 0, price_per_message: 0 })),
  }
}
