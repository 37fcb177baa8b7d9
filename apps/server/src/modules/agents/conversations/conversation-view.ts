import { unixSeconds } from '../access-info.js'
import type { ConversationRow } from './conversations.repository.js'

export function outcomeOf(row: ConversationRow): 'success' | 'failure' | 'unknown' {
  const judged = row.analysis?.call_successful
  if (judged === 'success' || judged === 'failure') return judged
  return row.status === 'failed' ? 'failure' : 'unknown'
}

export function durationOf(row: ConversationRow): number {
  const seconds = row.metadata.call_duration_secs
  return typeof seconds === 'number' ? seconds : 0
}

/** A conversation as GET /v1/convai/conversations/{id} returns it (and the post-call webhook sends). */
export function conversationView(row: ConversationRow) {
  return {
    agent_id: row.agent_id,
    conversation_id: row.id,
    branch_id: row.branch_id,
    version_id: row.version_id,
    status: row.status,
    user_id: row.user_id,
    transcript: row.transcript,
    metadata: {
      start_time_unix_secs: unixSeconds(row.started_at),
      call_duration_secs: durationOf(row),
      ...row.metadata,
      feedback: {
        overall_score: row.feedback,
        likes: row.feedback === 'like' ? 1 : 0,
        dislikes: row.feedback === 'dislike' ? 1 : 0,
      },
    },
    analysis: row.analysis ?? {
      call_successful: outcomeOf(row),
      transcript_summary: '',
      evaluation_criteria_results: {},
      data_collection_results: {},
    },
    conversation_initiation_client_data: row.client_data,
    has_audio: row.audio_key !== null,
    has_user_audio: row.audio_key !== null,
    has_response_audio: row.audio_key !== null,
    has_auxiliary_audio: false,
  }
}
