import type { Locator } from '../../platform/generation/ports.js'
import type { DictionariesRepository } from './pronunciation-dictionaries.repository.js'

/** What a caller may do with the workspace's dictionaries. */
export type DictionaryPermission = 'admin' | 'editor' | 'viewer'

/**
 * The caller's permission on the workspace's dictionaries: without a dictionary, whether they may
 * create one (members may); with one, their role on it (the workspaces domain keeps per-resource
 * sharing: its creator and workspace admins are admins, others have what is shared with them).
 */
export interface DictionaryRoles {
  permissionOf(
    workspaceId: string,
    userId: string,
    dictionary?: { id: string; createdBy: string },
  ): Promise<DictionaryPermission>
  /** A dictionary was created: groups that ask for it get editor access. */
  created?(workspaceId: string, userId: string, dictionaryId: string): Promise<void>
}

export type { Locator }

export interface ListInput {
  cursor?: string | undefined
  page_size?: number | undefined
  sort?: 'creation_time_unix' | 'name' | undefined
  sort_direction?: string | undefined
  include_archived?: boolean | undefined
}

export interface DictionariesDeps {
  repository: DictionariesRepository
  roles: DictionaryRoles
}
