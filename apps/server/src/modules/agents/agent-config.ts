import {
  AGENT_DEFAULT_AUDIO_FORMAT,
  AGENT_DEFAULT_TTS_MODEL,
  AGENT_DEFAULT_VOICE_ID,
  AGENT_KNOWLEDGE_BASE_MAX,
  CONVAI_CONFIG_MAX_BYTES,
  CONVERSATION_RETENTION_DEFAULT_DAYS,
  DEFAULT_AGENT_LLM,
  SECRET_VARIABLE_PREFIX,
} from '@timbre/contract'
import { AppError } from '../../errors.js'

// An agent's configuration is kept as the public API shapes it (conversation_config and
// platform_settings). This file holds its defaults, how a partial update is merged into it, and
// the rules a saved configuration must follow.

export type JsonObject = Record<string, unknown>

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** What a new agent starts from; the client's fields are merged over it. */
export function defaultConversationConfig(): JsonObject {
  return {
    asr: {
      quality: 'high',
      provider: 'elevenlabs',
      user_input_audio_format: AGENT_DEFAULT_AUDIO_FORMAT,
      keywords: [],
    },
    turn: { turn_timeout: 7, silence_end_call_timeout: -1, turn_eagerness: 'normal' },
    tts: {
      model_id: AGENT_DEFAULT_TTS_MODEL,
      voice_id: AGENT_DEFAULT_VOICE_ID,
      supported_voices: [],
      agent_output_audio_format: AGENT_DEFAULT_AUDIO_FORMAT,
      optimize_streaming_latency: 3,
      stability: 0.5,
      speed: 1,
      similarity_boost: 0.8,
      pronunciation_dictionary_locators: [],
    },
    conversation: {
      text_only: false,
      max_duration_seconds: 600,
      client_events: [
        'audio',
        'interruption',
        'user_transcript',
        'agent_response',
        'agent_response_correction',
      ],
    },
    language_presets: {},
    agent: {
      first_message: '',
      language: 'en',
      dynamic_variables: { dynamic_variable_placeholders: {} },
      prompt: {
        prompt: '',
        llm: DEFAULT_AGENT_LLM,
        temperature: 0,
        max_tokens: -1,
        tool_ids: [],
        mcp_server_ids: [],
        knowledge_base: [],
        ignore_default_personality: false,
      },
    },
  }
}

export function defaultPlatformSettings(): JsonObject {
  return {
    widget: { variant: 'full', placement: 'bottom-right', language: 'en', text_input_enabled: true },
    evaluation: { criteria: [] },
    data_collection: {},
    overrides: {
      conversation_config_override: {
        agent: { prompt: { prompt: false }, first_message: false, language: false },
        tts: { voice_id: false },
        conversation: { text_only: true },
      },
      custom_llm_extra_body: false,
      enable_conversation_initiation_client_data_from_webhook: false,
    },
    auth: { enable_auth: false, allowlist: [] },
    call_limits: { agent_concurrency_limit: -1, daily_limit: 100_000 },
    privacy: {
      record_voice: true,
      retention_days: CONVERSATION_RETENTION_DEFAULT_DAYS,
      delete_transcript_and_pii: false,
    },
  }
}

/**
 * A partial update merged into a stored document: objects merge key by key, anything else
 * (arrays included) replaces what was there, and a null removes the key so its default applies.
 */
export function mergeConfig(base: JsonObject, patch: JsonObject): JsonObject {
  const merged: JsonObject = { ...base }
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue
    if (value === null) delete merged[key]
    else if (isObject(value) && isObject(merged[key]))
      merged[key] = mergeConfig(merged[key] as JsonObject, value)
    else merged[key] = value
  }
  return merged
}

export function pathOf(root: unknown, ...keys: string[]): unknown {
  let node = root
  for (const key of keys) {
    if (!isObject(node)) return undefined
    node = node[key]
  }
  return node
}

function invalid(message: string, param: string): never {
  throw new AppError('agent_config_invalid', { message, param })
}

const SECRET_REFERENCE = new RegExp(`{{\\s*${SECRET_VARIABLE_PREFIX}`)

/** Secret variables may fill tool headers only: never text the caller hears or the model reads. */
export function refuseSecretVariables(text: unknown, param: string): void {
  if (typeof text === 'string' && SECRET_REFERENCE.test(text))
    throw new AppError('agent_secret_variable_refused', { param })
}

function checkKnowledgeBase(prompt: unknown): void {
  const documents = pathOf(prompt, 'knowledge_base')
  if (documents === undefined || documents === null) return
  if (!Array.isArray(documents)) invalid('knowledge_base must be a list.', 'knowledge_base')
  if (documents.length > AGENT_KNOWLEDGE_BASE_MAX)
    throw new AppError('agent_knowledge_base_too_large', { param: 'knowledge_base' })
  const seen = new Set<string>()
  for (const document of documents) {
    if (!isObject(document) || typeof document.id !== 'string' || !document.id)
      invalid('Each knowledge base entry needs an id, a type and a name.', 'knowledge_base')
    if (seen.has(document.id)) invalid('A knowledge base document is listed twice.', 'knowledge_base')
    seen.add(document.id)
  }
}

function checkStrings(value: unknown, param: string): string[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    invalid(`${param} must be a list of ids.`, param)
  return value as string[]
}

function checkRetention(settings: JsonObject): void {
  const days = pathOf(settings, 'privacy', 'retention_days')
  if (days === undefined || days === null) return
  if (typeof days !== 'number' || !Number.isInteger(days) || days < -1)
    invalid(
      'retention_days must be a whole number of days, or -1 to keep conversations without limit.',
      'retention_days',
    )
}

const HOSTNAME =
  /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(:\d{1,5})?$/i

function checkAllowlist(settings: JsonObject): void {
  const list = pathOf(settings, 'auth', 'allowlist')
  if (list === undefined || list === null) return
  if (!Array.isArray(list)) invalid('allowlist must be a list of hosts.', 'allowlist')
  const seen = new Set<string>()
  for (const item of list) {
    const host = isObject(item) ? item.hostname : undefined
    if (typeof host !== 'string' || !HOSTNAME.test(host))
      invalid('Invalid domain in the allowlist.', 'allowlist')
    if (seen.has(host.toLowerCase())) invalid('A domain is listed twice in the allowlist.', 'allowlist')
    seen.add(host.toLowerCase())
  }
}

/** The references a saved agent holds, for the checks that need the database. */
export interface AgentReferences {
  llm: string
  customLlmUrl: string | null
  toolIds: string[]
  mcpServerIds: string[]
  knowledgeBaseIds: string[]
  postCallWebhookId: string | null
}

/** The rules every saved configuration follows; returns what it refers to. */
export function checkAgentConfig(config: JsonObject, settings: JsonObject): AgentReferences {
  if (JSON.stringify(config).length + JSON.stringify(settings).length > CONVAI_CONFIG_MAX_BYTES)
    invalid('The agent configuration is too large.', 'conversation_config')
  const agent = pathOf(config, 'agent')
  const prompt = pathOf(agent, 'prompt')
  refuseSecretVariables(pathOf(agent, 'first_message'), 'first_message')
  refuseSecretVariables(pathOf(prompt, 'prompt'), 'prompt')
  checkKnowledgeBase(prompt)
  checkRetention(settings)
  checkAllowlist(settings)
  const temperature = pathOf(prompt, 'temperature')
  if (
    temperature !== undefined &&
    temperature !== null &&
    (typeof temperature !== 'number' || temperature < 0 || temperature > 2)
  )
    invalid('temperature must be between 0 and 2.', 'temperature')
  const llm = pathOf(prompt, 'llm')
  const customUrl = pathOf(prompt, 'custom_llm', 'url')
  return {
    llm: typeof llm === 'string' && llm ? llm : DEFAULT_AGENT_LLM,
    customLlmUrl: typeof customUrl === 'string' ? customUrl : null,
    toolIds: checkStrings(pathOf(prompt, 'tool_ids'), 'tool_ids'),
    mcpServerIds: checkStrings(pathOf(prompt, 'mcp_server_ids'), 'mcp_server_ids'),
    knowledgeBaseIds: ((pathOf(prompt, 'knowledge_base') as JsonObject[] | undefined) ?? []).map((d) =>
      String(d.id),
    ),
    postCallWebhookId: postCallWebhookIdOf(pathOf(settings, 'workspace_overrides')),
  }
}

/** The post-call webhook a settings object names (`webhooks.post_call_webhook_id`), if any. */
export function postCallWebhookIdOf(settings: unknown): string | null {
  const id = pathOf(settings, 'webhooks', 'post_call_webhook_id')
  if (id === undefined || id === null || id === '') return null
  if (typeof id !== 'string') invalid('post_call_webhook_id must be a string.', 'post_call_webhook_id')
  return id
}

/**
 * The agent's dynamic-variable placeholders. The public API types this field loosely, so the
 * official SDK sends it with its own key spelling (dynamicVariablePlaceholders); both are read.
 */
export const PLACEHOLDER_KEYS = ['dynamic_variable_placeholders', 'dynamicVariablePlaceholders'] as const

export function placeholdersOf(config: JsonObject): Record<string, unknown> {
  const variables = pathOf(config, 'agent', 'dynamic_variables')
  const found: Record<string, unknown> = {}
  for (const key of PLACEHOLDER_KEYS) {
    const value = pathOf(variables, key)
    if (isObject(value)) Object.assign(found, value)
  }
  return found
}

/** Secret variables' values never leave the server: their placeholders are left out of answers. */
export function withoutSecretValues(config: JsonObject): JsonObject {
  let result = config
  for (const key of PLACEHOLDER_KEYS) {
    const placeholders = pathOf(result, 'agent', 'dynamic_variables', key)
    if (!isObject(placeholders)) continue
    const shown = Object.fromEntries(
      Object.entries(placeholders).filter(([name]) => !name.startsWith(SECRET_VARIABLE_PREFIX)),
    )
    const cleared = mergeConfig(result, { agent: { dynamic_variables: { [key]: null } } })
    result = mergeConfig(cleared, { agent: { dynamic_variables: { [key]: shown } } })
  }
  return result
}
