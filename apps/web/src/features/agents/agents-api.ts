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
  workflow?: Record<string, unknown>
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

export interface ConversationSummary {
  conversation_id: string
  start_time_unix_secs: number
  call_duration_secs: number
  message_count: number
  status: string
  call_successful: string
}

export const listConversations = async (agentId: string): Promise<ConversationSummary[]> =>
  (
    await settle(
      client.GET('/v1/convai/conversations', { params: { query: { agent_id: agentId, page_size: 30 } } }),
    )
  ).conversations as unknown as ConversationSummary[]

/** The recording of both sides of a voice conversation (WAV). */
export async function conversationAudio(conversationId: string): Promise<Blob> {
  const answer = await fetch(`/v1/convai/conversations/${encodeURIComponent(conversationId)}/audio`, {
    credentials: 'same-origin',
  })
  if (!answer.ok) throw new Error(`The recording could not be loaded (${answer.status}).`)
  return answer.blob()
}

/** Which knowledge-base documents the agent answers from. */
export const setKnowledge = (agentId: string, documents: Array<{ type: string; id: string; name: string }>) =>
  updateAgent(agentId, { conversation_config: { agent: { prompt: { knowledge_base: documents } } } })

/** The workspace's knowledge-base documents an agent may answer from (folders left out). */
export async function listDocuments(): Promise<Array<{ id: string; name: string; type: string }>> {
  const page = await settle(
    client.GET('/v1/convai/knowledge-base', { params: { query: { page_size: 100 } } }),
  )
  return page.documents.filter((d) => d.type !== 'folder')
}
