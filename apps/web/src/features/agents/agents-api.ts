// Agents: the list, templates, one agent's configuration, and the conversation socket.
import { client, settle } from '../../lib/api'

export interface AgentSummary {
  agent_id: string
  name: string
  created_at_unix_secs: number
  last_call_time_unix_secs: number | null
}

export interface AgentDetail {
  agent_id: string
  name: string
  conversation_config: Record<string, unknown>
  platform_settings: Record<string, unknown>
}

export const listAgents = async (): Promise<AgentSummary[]> =>
  (await settle(client.GET('/v1/convai/agents', { params: { query: { page_size: 100 } } }))).agents

export const getAgent = (agentId: string): Promise<AgentDetail> =>
  settle(
    client.GET('/v1/convai/agents/{agent_id}', { params: { path: { agent_id: agentId } } }),
  ) as Promise<AgentDetail>

export const createAgent = (body: { name: string; conversation_config: Record<string, unknown> }) =>
  settle(client.POST('/v1/convai/agents/create', { body }))

export const updateAgent = (
  agentId: string,
  body: { name?: string; conversation_config?: Record<string, unknown> },
) => settle(client.PATCH('/v1/convai/agents/{agent_id}', { params: { path: { agent_id: agentId } }, body }))

export const deleteAgent = (agentId: string) =>
  settle(client.DELETE('/v1/convai/agents/{agent_id}', { params: { path: { agent_id: agentId } } }))

/** A signed URL for one conversation; the page's own host serves the socket. */
export async function conversationUrl(agentId: string): Promise<string> {
  const { signed_url } = await settle(
    client.GET('/v1/convai/conversation/get-signed-url', { params: { query: { agent_id: agentId } } }),
  )
  const url = new URL(signed_url)
  url.protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:'
  url.host = window.location.host
  return url.toString()
}
