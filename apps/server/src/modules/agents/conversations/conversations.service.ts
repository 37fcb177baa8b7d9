import { CONVAI_PAGE_SIZE_DEFAULT } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import type { FileStorage } from '../../../lib/storage.js'
import type { Principal } from '../../../plugins/auth.js'
import { cursorAt, offsetOf, unixSeconds } from '../access-info.js'
import type { AgentsRepository } from '../agents.repository.js'
import { inDevelopment } from './conversation-access.js'
import type { ConversationTokens } from './conversation-tokens.js'
import { conversationView, durationOf, outcomeOf } from './conversation-view.js'
import type { ConversationsRepository } from './conversations.repository.js'

/** Conversation records, signed URLs and tokens. */
export function createConversationsService(deps: {
  agents: AgentsRepository
  conversations: ConversationsRepository
  tokens: ConversationTokens
  /** Where conversations' recordings are kept. */
  storage: FileStorage
}) {
  async function agentOf(principal: Principal, agentId: string) {
    const agent = await deps.agents.find(principal.workspaceId, agentId)
    if (!agent) throw new AppError('agent_not_found')
    return agent
  }

  return {
    async signedUrl(principal: Principal, agentId: string, socketBase: string) {
      const agent = await agentOf(principal, agentId)
      const { token } = deps.tokens.issue({
        agentId: agent.id,
        workspaceId: agent.workspace_id,
        userId: principal.userId,
        development: inDevelopment(principal),
      })
      return {
        signed_url: `${socketBase}/v1/convai/conversation?agent_id=${encodeURIComponent(agent.id)}&conversation_signature=${token}`,
      }
    },

    async token(principal: Principal, agentId: string) {
      const agent = await agentOf(principal, agentId)
      const { token } = deps.tokens.issue({
        agentId: agent.id,
        workspaceId: agent.workspace_id,
        userId: principal.userId,
        development: inDevelopment(principal),
      })
      return { token, conversation_id: '' }
    },

    async list(
      principal: Principal,
      query: {
        agent_id?: string | undefined
        cursor?: string | undefined
        page_size?: number | undefined
        call_start_before_unix?: number | undefined
        call_start_after_unix?: number | undefined
      },
    ) {
      const limit = query.page_size ?? CONVAI_PAGE_SIZE_DEFAULT
      const offset = offsetOf(query.cursor)
      const rows = await deps.conversations.list(principal.workspaceId, {
        agentId: query.agent_id,
        before: query.call_start_before_unix ? new Date(query.call_start_before_unix * 1000) : undefined,
        after: query.call_start_after_unix ? new Date(query.call_start_after_unix * 1000) : undefined,
        offset,
        limit: limit + 1,
      })
      const hasMore = rows.length > limit
      return {
        conversations: rows.slice(0, limit).map((row) => ({
          agent_id: row.agent_id,
          conversation_id: row.id,
          start_time_unix_secs: unixSeconds(row.started_at),
          call_duration_secs: durationOf(row),
          message_count: row.transcript.length,
          status: row.status,
          call_successful: outcomeOf(row),
        })),
        next_cursor: hasMore ? cursorAt(offset + limit) : null,
        has_more: hasMore,
      }
    },

    async get(principal: Principal, id: string) {
      const row = await deps.conversations.find(principal.workspaceId, id)
      if (!row) throw new AppError('conversation_not_found')
      return conversationView(row)
    },

    async remove(principal: Principal, id: string) {
      const row = await deps.conversations.remove(principal.workspaceId, id)
      if (!row) throw new AppError('conversation_not_found')
      // The recording goes with its record.
      if (row.audio_key) await deps.storage.delete(row.audio_key).catch(() => undefined)
      return row
    },

    async feedback(principal: Principal, id: string, feedback: 'like' | 'dislike' | null) {
      if (!(await deps.conversations.setFeedback(principal.workspaceId, id, feedback)))
        throw new AppError('conversation_not_found')
    },

    /** The recording of both sides (WAV). */
    async audio(principal: Principal, id: string): Promise<Buffer> {
      const row = await deps.conversations.find(principal.workspaceId, id)
      if (!row) throw new AppError('conversation_not_found')
      const audio = row.audio_key ? await deps.storage.get(row.audio_key) : null
      if (!audio) throw new AppError('conversation_audio_not_found')
      return audio
    },
  }
}

export type ConversationsService = ReturnType<typeof createConversationsService>
