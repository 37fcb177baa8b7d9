import { HTTPS_URL_MESSAGE } from '../agents.js'

// Error codes of conversational AI agents, their tools, MCP servers and conversations.
export const AGENTS_ERRORS = {
  agent_not_found: {
    status: 404,
    message: 'The agent you are trying to access does not exist.',
  },
  agent_tool_not_found: {
    status: 404,
    message: 'Integration or tool not found or no access.',
  },
  mcp_server_not_found: {
    status: 404,
    message: 'The integration you are trying to access does not exist.',
  },
  agent_post_call_webhook_not_found: {
    status: 422,
    message: 'post_call_webhook_id names no webhook of this workspace.',
  },
  conversation_not_found: { status: 404, message: 'Conversation not found.' },
  conversation_audio_not_found: { status: 404, message: 'This conversation has no recording.' },
  agent_url_invalid: { status: 422, message: HTTPS_URL_MESSAGE },
  agent_url_refused: {
    status: 422,
    message: `${HTTPS_URL_MESSAGE}: private, loopback and link-local addresses are not allowed.`,
  },
  agent_url_unresolved: {
    status: 422,
    message: 'The host of this URL could not be resolved. Check the address and its DNS records.',
  },
  agent_config_invalid: { status: 422, message: 'Validation Error' },
  agent_knowledge_base_too_large: {
    status: 422,
    message: 'An agent can use at most 20 knowledge base documents.',
  },
  agent_secret_variable_refused: {
    status: 422,
    message: 'Secret dynamic variables (secret__) are not allowed in this field.',
  },
  agent_llm_unknown: { status: 422, message: 'This language model is not available on this server.' },
  agent_tool_in_use: {
    status: 409,
    message: 'This tool is used by an agent. Remove it from the agent first.',
  },
  mcp_tool_not_found: { status: 404, message: 'This MCP server has no tool of that name.' },
  convai_concurrency_exceeded: {
    status: 429,
    message: 'Concurrency limit exceeded: your plan allows no more simultaneous conversations.',
  },
  convai_minutes_exhausted: {
    status: 402,
    message: "Your plan's conversational AI minutes for this month are used up. Please upgrade to continue.",
  },
  conversation_token_invalid: { status: 401, message: 'This conversation link is invalid or has expired.' },
  conversation_origin_refused: {
    status: 403,
    message: 'This website is not on the agent’s allowlist.',
  },
  llm_unavailable: { status: 502, message: 'The language model could not be reached.' },
  gguf_model_invalid: { status: 422, message: 'This file is not a GGUF model that can be loaded.' },
} as const
