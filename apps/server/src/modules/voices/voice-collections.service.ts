import { VOICE_COLLECTIONS_PER_WORKSPACE_MAX } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { CollectionRow, VoiceLibraryRepository } from './voice-library.repository.js'
import type { VoicesRepository } from './voices.repository.js'
import { voiceNotFound } from './voices.service.js'

// Voice collections: named groups of the voices a workspace can use. Every member of the
// workspace sees and edits them (editor); the creator and the workspace admins are their admins
// and alone may delete one. Another workspace's collection is simply not found.

const isAdmin = (p: Principal) => p.workspace?.role === 'owner' || p.workspace?.role === 'admin'

export function createVoiceCollectionsService(deps: {
  voices: VoicesRepository
  library: VoiceLibraryRepository
}) {
  const { library } = deps

  const permission = (p: Principal, row: CollectionRow) =>
    row.owner_user_id === p.userId || isAdmin(p) ? ('admin' as const) : ('editor' as const)

  const view = (p: Principal, row: CollectionRow & { voice_ids: string[] }) => ({
    collection_id: row.id,
    title: row.title,
    icon: row.icon,
    permission_on_resource: permission(p, row),
    voice_ids: row.voice_ids,
  })

  async function found(p: Principal, id: string) {
    const row = await library.collection(p.workspaceId, id)
    if (!row) throw new AppError('voice_collection_not_found', { param: 'collection_id' })
    return row
  }

  return {
    async list(p: Principal) {
      return { collections: (await library.collections(p.workspaceId)).map((r) => view(p, r)) }
    },
    async get(p: Principal, id: string) {
      return view(p, await found(p, id))
    },
    async create(p: Principal, body: { title: string; icon: string }) {
      if ((await library.countCollections(p.workspaceId)) >= VOICE_COLLECTIONS_PER_WORKSPACE_MAX) {
        throw new AppError('voice_collection_limit_reached')
      }
      const id = newId()
      await library.createCollection({
        id,
        workspace_id: p.workspaceId,
        owner_user_id: p.userId,
        title: body.title,
        icon: body.icon,
      })
      return view(p, await found(p, id))
    },
    async update(p: Principal, id: string, patch: { title?: string | undefined; icon?: string | undefined }) {
      await found(p, id)
      await library.updateCollection(p.workspaceId, id, {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.icon !== undefined ? { icon: patch.icon } : {}),
      })
      return view(p, await found(p, id))
    },
    async remove(p: Principal, id: string) {
      const row = await found(p, id)
      if (permission(p, row) !== 'admin') throw new AppError('voice_collection_admin_only')
      await library.deleteCollection(p.workspaceId, id)
      return { collection_id: id }
    },
    async addVoice(p: Principal, id: string, voiceId: string) {
      await found(p, id)
      // Only a voice the workspace can use: premade or its own.
      if (!(await deps.voices.find(p.workspaceId, voiceId))) throw voiceNotFound(voiceId)
      await library.addToCollection(id, voiceId)
      return { collection_id: id, voice_id: voiceId }
    },
    async removeVoice(p: Principal, id: string, voiceId: string) {
      await found(p, id)
      await library.removeFromCollection(id, voiceId)
      return { collection_id: id, voice_id: voiceId }
    },
  }
}

export type VoiceCollectionsService = ReturnType<typeof createVoiceCollectionsService>
