import { maxVoiceAddEdits } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { tierLimits } from './library-views.js'
import { definitionOf } from './voice.view.js'
import { monthStart } from './voice-clone.service.js'
import type { VoiceLibraryDeps } from './voice-library-deps.js'
import { type StoredSharing, storedSharing } from './voice-sharing.js'

/** A copy of a listed voice in the caller's workspace, under a new name. */
export async function addCopy(
  deps: VoiceLibraryDeps,
  principal: Principal,
  publicUserId: string,
  voiceId: string,
  newName: string,
) {
  const { voices, library } = deps
  const original = await library.findShared(voiceId)
  if (!original || original.owner_public_id !== publicUserId) {
    throw new AppError('shared_voice_not_found', { param: 'voice_id' })
  }
  const sharing = storedSharing(original.sharing) as StoredSharing
  if (sharing.status === 'copied_disabled') throw new AppError('voice_copy_disabled', { param: 'voice_id' })
  const { tier, voiceLimit } = await tierLimits(deps, principal.workspaceId)
  if (tier === 'free' && sharing.free_users_allowed === false) {
    throw new AppError('voice_copy_disabled', {
      message: 'The owner of this voice allows it on paid plans only: upgrade to add it to your voices.',
      param: 'voice_id',
    })
  }
  const limitReached = () =>
    new AppError('voice_limit_reached', {
      message: `You have reached the maximum of ${voiceLimit} custom voices for your plan. Delete a voice or upgrade.`,
    })
  if ((await voices.countOwned(principal.workspaceId)) >= voiceLimit) throw limitReached()
  const maxAddEdits = maxVoiceAddEdits(voiceLimit)
  if ((await voices.countAddEditsSince(principal.workspaceId, monthStart())) >= maxAddEdits) {
    throw new AppError('voice_add_edit_limit_reached', {
      message: `You have used all ${maxAddEdits} voice additions and edits of your plan this month.`,
    })
  }
  const id = newId()
  const definition = { ...definitionOf(original), voice_id: id, name: newName }
  const copied: StoredSharing = {
    status: 'copied',
    public_owner_id: original.owner_public_id,
    original_voice_id: original.id,
    date_unix: Math.floor(Date.now() / 1000),
    live_moderation_enabled: sharing.live_moderation_enabled ?? false,
  }
  const saved = await library.createCopy(
    {
      id,
      workspace_id: principal.workspaceId,
      owner_user_id: principal.userId,
      category: sharing.category ?? original.category,
      name: newName,
      description: sharing.description ?? original.description,
      labels: JSON.stringify(sharing.labels ?? original.labels ?? {}),
      language: original.language,
      definition: JSON.stringify(definition),
      settings: original.settings === null ? null : JSON.stringify(original.settings),
      verified_languages: JSON.stringify(original.verified_languages ?? []),
      safety_control: null,
      sharing: JSON.stringify(copied),
    },
    original.id,
    voiceLimit,
  )
  if (!saved) throw limitReached()
  return { voice_id: id }
}
