import { CONVAI_POST_CALL_RECOVERY_SECONDS, CONVAI_RETENTION_BATCH } from '@timbre/contract'
import type { FileStorage } from '../../../lib/storage.js'
import type { PostCallRepository } from './post-call.repository.js'

export interface SweepDeps {
  conversations: PostCallRepository
  storage: FileStorage
  /** Queues the post-call work of a conversation. */
  queuePostCall(conversationId: string): Promise<void>
}

/**
 * The scheduled sweep. Conversations past their agent's retention days are deleted, their
 * recording first (a crash then leaves a record whose audio is gone, deleted by the next run).
 * Ended conversations whose post-call work was lost (the process stopped before queueing it)
 * are queued again. Returns what it did.
 */
export async function sweepConversations(deps: SweepDeps): Promise<{ deleted: number; requeued: number }> {
  let deleted = 0
  for (;;) {
    const expired = await deps.conversations.pastRetention(CONVAI_RETENTION_BATCH)
    for (const row of expired) if (row.audio_key) await deps.storage.delete(row.audio_key)
    deleted += await deps.conversations.removeMany(expired.map((r) => r.id))
    if (expired.length < CONVAI_RETENTION_BATCH) break
  }
  const overdue = await deps.conversations.postCallOverdue(CONVAI_POST_CALL_RECOVERY_SECONDS, 500)
  for (const id of overdue) await deps.queuePostCall(id)
  return { deleted, requeued: overdue.length }
}
