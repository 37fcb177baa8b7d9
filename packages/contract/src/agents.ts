import { PLANS, type Tier } from './plans.js'

// Conversational AI agents: the limits, prices and names of the product, in one typed place.

/** An agent's name as the public API limits it. */
export const AGENT_NAME_MAX = 200
/** The default name of an agent created without one. */
export const AGENT_DEFAULT_NAME = 'New agent'
/** Knowledge-base documents one agent may retrieve from. */
export const AGENT_KNOWLEDGE_BASE_MAX = 20
/** Tags on one agent. */
export const AGENT_TAGS_MAX = 20
export const AGENT_TAG_MAX = 100
/** Tools and MCP servers an agent may name. */
export const AGENT_TOOL_IDS_MAX = 100
/** The page sizes of the agents, tools and conversations lists. */
export const CONVAI_PAGE_SIZE_DEFAULT = 30
export const CONVAI_PAGE_SIZE_MAX = 100
/** A stored JSON configuration (agent, tool, MCP server) may be at most this large. */
export const CONVAI_CONFIG_MAX_BYTES = 256 * 1024
/** Conversation retention days: -1 keeps conversations without limit. */
export const CONVERSATION_RETENTION_UNLIMITED = -1
export const CONVERSATION_RETENTION_DEFAULT_DAYS = 730
/** Secret dynamic variables carry this prefix; their values are never shown back. */
export const SECRET_VARIABLE_PREFIX = 'secret__'
/** The message of every refused webhook, tool, MCP or token URL. */
export const HTTPS_URL_MESSAGE = 'Please enter a valid HTTPS URL'

/** The three kinds of language model an agent can run on. */
export const LLM_KINDS = ['openai_compatible', 'gguf', 'built_in'] as const
export type LlmKind = (typeof LLM_KINDS)[number]
/** The built-in engine: answers from the knowledge base by retrieval, without a language model. */
export const BUILT_IN_LLM_ID = 'timbre-retrieval'
export const BUILT_IN_LLM_NAME = 'Timbre Retrieval, no LLM'
/** What the built-in engine says when no passage answers the question. */
export const BUILT_IN_NO_ANSWER = "I'm sorry, I don't know the answer to that."
/** The agent's language model when none is chosen. */
export const DEFAULT_AGENT_LLM = BUILT_IN_LLM_ID
/** The public API's name for an agent that uses its own OpenAI-compatible endpoint. */
export const CUSTOM_LLM_ID = 'custom-llm'
/** GGUF model files placed in MODELS_DIR are offered under this prefix. */
export const GGUF_LLM_PREFIX = 'gguf:'
/** A language model that has not started answering after this long is treated as down. */
export const LLM_FIRST_TOKEN_TIMEOUT_MS = 20_000
/** Tool-call rounds one agent turn may take before it must answer. */
export const LLM_MAX_TOOL_ROUNDS = 5

/** Tool types as the public API names them. */
export const TOOL_TYPES = ['client', 'webhook', 'system', 'mcp'] as const
export type ToolType = (typeof TOOL_TYPES)[number]
/** The system tools an agent may use. */
export const SYSTEM_TOOL_NAMES = [
  'end_call',
  'language_detection',
  'skip_turn',
  'transfer_to_agent',
  'transfer_to_number',
  'play_keypad_touch_tone',
  'voicemail_detection',
] as const

/** MCP servers: how their tools are approved before an agent may call them. */
export const MCP_APPROVAL_POLICIES = [
  'auto_approve_all',
  'require_approval_all',
  'require_approval_per_tool',
] as const
export type McpApprovalPolicy = (typeof MCP_APPROVAL_POLICIES)[number]
export const MCP_TOOL_APPROVAL_POLICIES = ['auto_approved', 'requires_approval'] as const
export const MCP_TRANSPORTS = ['SSE', 'STREAMABLE_HTTP'] as const

/** Conversation states and outcomes. */
export const CONVERSATION_STATUSES = ['initiated', 'in-progress', 'processing', 'done', 'failed'] as const
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number]
export const CONVERSATION_OUTCOMES = ['success', 'failure', 'unknown'] as const
/** Signed URLs and conversation tokens stay valid this long. */
export const CONVERSATION_TOKEN_SECONDS = 15 * 60
/** A text-only conversation is closed after this long without a message. */
export const CONVERSATION_IDLE_SECONDS = 180
/** A conversation may last at most this long (the agent's own maximum may be shorter). */
export const CONVERSATION_MAX_SECONDS = 60 * 60
/** What a voice agent says to a caller silent for its turn timeout. */
export const CONVAI_REENGAGE_MESSAGE = 'Are you still there?'
/** The same line in the languages agents speak (by language code); others hear the English one. */
export const CONVAI_REENGAGE_MESSAGES: Readonly<Record<string, string>> = {
  en: CONVAI_REENGAGE_MESSAGE,
  ar: 'هل ما زلت هناك؟',
  bg: 'Още ли сте там?',
  cs: 'Jste tam ještě?',
  da: 'Er du der stadig?',
  de: 'Sind Sie noch da?',
  el: 'Είστε ακόμα εκεί;',
  es: '¿Sigue ahí?',
  fi: 'Oletko vielä siellä?',
  fr: 'Êtes-vous toujours là ?',
  hi: 'क्या आप अभी भी वहाँ हैं?',
  hr: 'Jeste li još tu?',
  hu: 'Ott van még?',
  id: 'Apakah Anda masih di sana?',
  it: 'È ancora lì?',
  ja: 'まだいらっしゃいますか？',
  ko: '아직 계신가요?',
  ms: 'Adakah anda masih di sana?',
  nl: 'Bent u er nog?',
  no: 'Er du der fortsatt?',
  pl: 'Czy nadal tam jesteś?',
  pt: 'Ainda está aí?',
  'pt-br': 'Você ainda está aí?',
  ro: 'Mai sunteți acolo?',
  ru: 'Вы ещё здесь?',
  sk: 'Ste tam ešte?',
  sv: 'Är du kvar?',
  ta: 'நீங்கள் இன்னும் இருக்கிறீர்களா?',
  tr: 'Hâlâ orada mısınız?',
  uk: 'Ви ще тут?',
  vi: 'Bạn vẫn còn đó chứ?',
  zh: '您还在吗？',
}
/** The post-call webhook's event name, as ElevenLabs sends it. */
export const CONVAI_POST_CALL_EVENT = 'post_call_transcription'
/** The post-call webhook's event carrying the call's recording (base64 MP3), as ElevenLabs sends it. */
export const CONVAI_POST_CALL_AUDIO_EVENT = 'post_call_audio'
/** The `webhooks.events` entry that asks for the recording with the post-call webhook. */
export const CONVAI_WEBHOOK_AUDIO = 'audio'
/**
 * Conversations ended this long ago without their post-call work (a process stopped between the
 * end and the job) are picked up again by the sweep.
 */
export const CONVAI_POST_CALL_RECOVERY_SECONDS = 120
/** The conversations sweep (retention and post-call recovery) runs on this schedule (UTC cron). */
export const CONVAI_SWEEP_CRON = '*/5 * * * *'
/** Conversations deleted by one sweep step (the sweep runs again until none are left). */
export const CONVAI_RETENTION_BATCH = 200
/** Simulated conversations: turns the simulated user may take. */
export const SIMULATION_TURNS_DEFAULT = 6
export const SIMULATION_TURNS_MAX = 30

/** Conversational AI credits per minute of conversation when the plan has no price of its own. */
export const CONVAI_CREDITS_PER_MINUTE_DEFAULT = 1000
/** Per-plan credits per minute of conversation (business: yearly billing costs more per minute). */
export const CONVAI_CREDITS_PER_MINUTE: Partial<Record<Tier, number>> = {
  free: 667,
  starter: 600,
  creator: 456,
  pro: 505,
  growing_business: 541,
  scale_2024_08_10: 733,
}
export const CONVAI_CREDITS_PER_MINUTE_BUSINESS_YEARLY = 840
/** Calls made while developing an agent (its playground and simulations) cost half. */
export const CONVAI_DEVELOPMENT_DISCOUNT = 0.5

export function convaiCreditsPerMinute(tier: Tier, yearly = false): number {
  if (tier === 'scale_2024_08_10' && yearly) return CONVAI_CREDITS_PER_MINUTE_BUSINESS_YEARLY
  return CONVAI_CREDITS_PER_MINUTE[tier] ?? CONVAI_CREDITS_PER_MINUTE_DEFAULT
}

/** Monthly conversation minutes (-1 unlimited) and simultaneous conversations of a plan. */
export function convaiLimits(tier: Tier): { minutes: number; concurrency: number } {
  return PLANS[tier].conversational
}

/** The templates the new-agent wizard offers. */
export const AGENT_TEMPLATES = ['blank', 'support', 'receptionist', 'tutor'] as const
export type AgentTemplate = (typeof AGENT_TEMPLATES)[number]

/** The voice a new agent speaks with (a premade voice every server has). */
export const AGENT_DEFAULT_VOICE_ID = 'KGpOyQNcdOyZbkBFTFoO'
/** The speech model agents speak with when none is chosen. */
export const AGENT_DEFAULT_TTS_MODEL = 'eleven_flash_v2'
/** Audio agents exchange by default: 16-bit PCM at 16 kHz, as the official clients expect. */
export const AGENT_DEFAULT_AUDIO_FORMAT = 'pcm_16000'

/**
 * Live voice turns: the silence after speech that ends the user's turn, by the agent's
 * `turn.turn_eagerness` (an eager agent answers sooner, a patient one waits for pauses).
 */
export const CONVAI_TURN_SILENCE_SECONDS = { eager: 0.3, normal: 0.45, patient: 0.9 } as const
/** Speech shorter than this is not a turn (a cough, a click) nor an interruption. */
export const CONVAI_MIN_SPEECH_SECONDS = 0.12
/** Voice activity probability at which a 32 ms window counts as speech. */
export const CONVAI_VAD_THRESHOLD = 0.5
/**
 * Credits of a live conversation are reserved this many seconds at a time: a call holds at most
 * this much of the workspace's credits beyond what it has used, and a crash charges what was used.
 */
export const CONVAI_RESERVATION_SECONDS = 5 * 60
/** The audio formats agents hear and speak in (the SDK's `AsrInputFormat` / `TtsOutputFormat`). */
export const CONVAI_AUDIO_FORMATS = [
  'pcm_8000',
  'pcm_16000',
  'pcm_22050',
  'pcm_24000',
  'pcm_44100',
  'pcm_48000',
  'ulaw_8000',
] as const
export type ConvaiAudioFormat = (typeof CONVAI_AUDIO_FORMATS)[number]
