import { bindUseCases } from '../../platform/use-cases.js'
import { remove, transferOwnership, update } from './member-changes.js'
import type { MembersDeps } from './members-deps.js'
import { list, listMine, switchTo } from './members-listing.js'
import { access, flags, settings, updateSettings } from './workspace-settings.js'

export type { MemberUpdate } from './members-deps.js'

/** Members of a workspace: listing, lock and re-enable, roles, removal, ownership, switching. */
export function createMembersService(deps: MembersDeps) {
  return {
    ...bindUseCases(deps, {
      list,
      update,
      remove,
      transferOwnership,
      listMine,
      switchTo,
      settings,
      updateSettings,
    }),
    access,
    flags,
  }
}

export type MembersService = ReturnType<typeof createMembersService>
