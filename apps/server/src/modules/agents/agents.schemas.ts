import { AGENT_NAME_MAX, AGENT_TAG_MAX, AGENT_TAGS_MAX, CONVAI_PAGE_SIZE_MAX } from '@timbre/contract'
import { z } from 'zod'

// Request and answer shapes of the agents API. The configurations are JSON documents the public
// API defines in depth; they are checked by the rules in agent-config.ts and kept as sent.

export const json = z.record(z.string(), z.unknown())
export const agentParams = z.object({ agent_id: z.string().min(1).max(64) })
export const tags = z.array(z.string().min(1).max(AGENT_TAG_MAX)).max(AGENT_TAGS_MAX)

export const agentBody = z.object({
  conversation_config: json.nullish(),
  platform_settings: json.nullish(),
  workflow: json.nullish(),
  name: z.string().max(AGENT_NAME_MAX).nullish(),
  tags: tags.nullish(),
})

export const createAgentBody = agentBody.extend({ conversation_config: json })

export const booleanQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional()

export const agentListQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(CONVAI_PAGE_SIZE_MAX).optional(),
  search: z.string().max(200).optional(),
  archived: booleanQuery,
  show_only_owned_agents: booleanQuery,
  created_by_user_id: z.string().max(64).optional(),
  sort_direction: z.enum(['asc', 'desc']).optional(),
  sort_by: z.enum(['name', 'created_at']).optional(),
  cursor: z.string().max(200).optional(),
})

export const accessInfo = z.object({
  is_creator: z.boolean(),
  creator_name: z.string(),
  creator_email: z.string(),
  role: z.enum(['admin', 'editor', 'commenter', 'viewer']),
})

export const agentResponse = z.object({
  agent_id: z.string(),
  name: z.string(),
  conversation_config: json,
  metadata: z.object({ created_at_unix_secs: z.number(), updated_at_unix_secs: z.number() }),
  platform_settings: json,
  phone_numbers: z.array(z.unknown()),
  workflow: json.optional(),
  access_info: accessInfo,
  tags: z.array(z.string()),
  version_id: z.string().nullish(),
  branch_id: z.string().nullish(),
  main_branch_id: z.string().nullish(),
})

export const agentSummary = z.object({
  agent_id: z.string(),
  name: z.string(),
  voice_id: z.string(),
  tags: z.array(z.string()),
  created_at_unix_secs: z.number(),
  access_info: accessInfo,
  last_call_time_unix_secs: z.number().nullable(),
  archived: z.boolean(),
})

export const usageBody = z.object({
  prompt_length: z.number().int().min(0).max(10_000_000).nullish(),
  number_of_pages: z.number().int().min(0).max(100_000).nullish(),
  rag_enabled: z.boolean().nullish(),
})

export const llmPrices = z.object({
  llm_prices: z.array(
    z.object({ llm: z.string(), price_per_minute: z.number(), price_per_message: z.number() }),
  ),
})
