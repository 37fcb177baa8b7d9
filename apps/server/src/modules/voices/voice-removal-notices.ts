import type { VoiceRow } from './voices.tables.js'

/** A voice removal notice for one workspace: the webhook event body's `type` and its data. */
export interface VoiceRemovalNotice {
  workspaceId: string
  event: 'voice_removed'
  data: {
    voice_id: string
    voice_name: string
    original_voice_id: string
    reason: 'removed_by_owner' | 'removed_by_admin'
    removed_at_unix: number
  }
}

/**
 * Who hears that a voice is gone: every workspace keeping a library copy of it, and the voice's
 * own workspace when someone other than its creator (an admin) deleted it, since its creator and
 * the members using it did not do it themselves.
 */
export function removalNotices(
  voice: Pick<VoiceRow, 'id' | 'name' | 'owner_user_id'> & { workspace_id: string },
  copies: readonly { id: string; workspace_id: string | null; name: string }[],
  removedBy: string,
  now = new Date(),
): VoiceRemovalNotice[] {
  const removedAt = Math.floor(now.getTime() / 1000)
  const notices: VoiceRemovalNotice[] = copies
    .filter((c) => c.workspace_id && c.workspace_id !== voice.workspace_id)
    .map((c) => ({
      workspaceId: c.workspace_id as string,
      event: 'voice_removed',
      data: {
        voice_id: c.id,
        voice_name: c.name,
        original_voice_id: voice.id,
        reason: 'removed_by_owner',
        removed_at_unix: removedAt,
      },
    }))
  if (voice.owner_user_id && voice.owner_user_id !== removedBy)
    notices.push({
      workspaceId: voice.workspace_id,
      event: 'voice_removed',
      data: {
        voice_id: voice.id,
        voice_name: voice.name,
        original_voice_id: voice.id,
        reason: 'removed_by_admin',
        removed_at_unix: removedAt,
      },
    })
  return notices
}
