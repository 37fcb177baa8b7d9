import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { featuresOf } from './library-views.js'
import type { SharingBody } from './voice-library.schemas.js'
import { isAdmin, type VoiceLibraryDeps } from './voice-library-deps.js'
import { type StoredSharing, storedSharing } from './voice-sharing.js'
import { voiceNotFound } from './voices.service.js'

/** The owner (or a workspace admin) lists, unlists or stops copies of a voice. */
export async function share(
  deps: VoiceLibraryDeps,
  principal: Principal,
  voiceId: string,
  body: SharingBody,
) {
  const { voices, library } = deps
  const row = await voices.find(principal.workspaceId, voiceId)
  if (!row) throw voiceNotFound(voiceId)
  if (row.workspace_id === null) throw new AppError('premade_voice_protected', { param: 'voice_id' })
  if (row.owner_user_id !== principal.userId && !isAdmin(principal)) throw new AppError('voice_not_shareable')
  const current = storedSharing(row.sharing)
  if (current?.status === 'copied') throw new AppError('voice_copy_not_shareable', { param: 'voice_id' })
  const ownerPublicId = await library.publicIdOf(row.owner_user_id ?? principal.userId)
  if (!ownerPublicId) throw voiceNotFound(voiceId)
  let features = current?.features
  if (body.status === 'enabled' && !features) features = await featuresOf(deps, row)
  const next: StoredSharing = {
    ...(current ?? {}),
    status: body.status,
    public_owner_id: ownerPublicId,
    original_voice_id: row.id,
    date_unix:
      body.status === 'enabled' && !current?.date_unix
        ? Math.floor(Date.now() / 1000)
        : (current?.date_unix ?? null),
    name: body.name ?? current?.name ?? row.name,
    description:
      body.description !== undefined ? body.description || null : (current?.description ?? row.description),
    labels: body.labels ?? current?.labels ?? (row.labels as Record<string, string>),
    category: body.category ?? current?.category ?? row.category,
    live_moderation_enabled: body.live_moderation_enabled ?? current?.live_moderation_enabled ?? false,
    free_users_allowed: body.free_users_allowed ?? current?.free_users_allowed ?? true,
    reader_app_enabled: body.reader_app_enabled ?? current?.reader_app_enabled ?? false,
    notice_period: body.notice_period !== undefined ? body.notice_period : (current?.notice_period ?? null),
    featured: current?.featured ?? false,
    cloned_by_count: current?.cloned_by_count ?? 0,
    liked_by_count: current?.liked_by_count ?? 0,
    financial_rewards_enabled: false,
    enabled_in_library: body.status === 'enabled',
    review_status: 'allowed',
    ...(features ? { features } : {}),
  }
  if (!(await library.setSharing(principal.workspaceId, voiceId, next as unknown as Record<string, unknown>)))
    throw voiceNotFound(voiceId)
  const { features: _hidden, ...shown } = next
  return { voice_id: voiceId, public_owner_id: ownerPublicId, sharing: shown as Record<string, unknown> }
}
