import type { NewVoice } from './voices.repository.js'

/**
 * Per-voice roles kept by resource sharing: members see the workspace's voices, and changing or
 * deleting one needs the editor role on it. New voices are shared with the groups that ask for
 * editor access to new resources.
 */
export interface VoiceAccess {
  requireEditor(caller: { workspaceId: string; userId: string }, voice: VoiceOwnership): Promise<void>
  created(caller: { workspaceId: string; userId: string }, voiceId: string): Promise<void>
  deleted(workspaceId: string, voiceId: string): Promise<void>
}

export interface VoiceOwnership {
  id: string
  ownerUserId: string | null
}

/**
 * A voice-creating repository call followed by the new voice's sharing. Every way a workspace
 * voice comes into being (clone, design, library copy) goes through one of two such calls, so
 * the creating services need no change.
 */
export function grantingOnCreation<A extends unknown[]>(
  create: (voice: NewVoice, ...rest: A) => Promise<boolean>,
  access: VoiceAccess | undefined,
): (voice: NewVoice, ...rest: A) => Promise<boolean> {
  if (!access) return create
  return async (voice, ...rest) => {
    const made = await create(voice, ...rest)
    if (made && voice.workspace_id && voice.owner_user_id)
      await access.created({ workspaceId: voice.workspace_id, userId: voice.owner_user_id }, voice.id)
    return made
  }
}
