import type { Principal } from '../../plugins/auth.js'
import { accessInfo, unixSeconds } from './access-info.js'
import { type JsonObject, pathOf, withoutSecretValues } from './agent-config.js'
import type { AgentRow } from './agents.repository.js'

/** An agent as GET /v1/convai/agents/{agent_id} answers it. */
export function agentView(principal: Principal, row: AgentRow) {
  return {
    agent_id: row.id,
    name: row.name,
    conversation_config: withoutSecretValues(row.conversation_config),
    metadata: {
      created_at_unix_secs: unixSeconds(row.created_at),
      updated_at_unix_secs: unixSeconds(row.updated_at),
    },
    platform_settings: { ...row.platform_settings, archived: row.archived },
    phone_numbers: [],
    ...(row.workflow ? { workflow: row.workflow } : {}),
    access_info: accessInfo(principal, row),
    tags: row.tags,
  }
}

/** An agent in the agents list. */
export function agentSummary(principal: Principal, row: AgentRow) {
  const voice = pathOf(row.conversation_config, 'tts', 'voice_id')
  return {
    agent_id: row.id,
    name: row.name,
    voice_id: typeof voice === 'string' ? voice : '',
    tags: row.tags,
    created_at_unix_secs: unixSeconds(row.created_at),
    access_info: accessInfo(principal, row),
    last_call_time_unix_secs: row.last_call_at ? unixSeconds(row.last_call_at) : null,
    archived: row.archived,
  }
}

export type AgentView = ReturnType<typeof agentView>
export type { JsonObject }
