import { bindUseCases } from '../../../platform/use-cases.js'
import { addMember, removeMember } from './group-members.js'
import type { GroupsDeps } from './groups-deps.js'
import { create, remove, update } from './groups-editing.js'
import { ensureEveryone, list, search } from './groups-listing.js'

export type { GroupInput } from './groups-deps.js'

/**
 * Groups and their permissions, each use case in its own file: listing, editing, and the
 * members of a group.
 */
export function createGroupsService(deps: GroupsDeps) {
  return bindUseCases(deps, { ensureEveryone, list, search, create, update, remove, addMember, removeMember })
}

export type GroupsService = ReturnType<typeof createGroupsService>
