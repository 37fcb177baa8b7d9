import type { ShareableResourceType } from '@timbre/contract'
import type { Database } from '../../db/database.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { DomainModule } from '../domain-module.js'
import { createDirectoryRepository } from './directory.repository.js'
import { createResourceAccess, type ResourceAccess } from './resource-access.js'
import { createSharingRepository } from './sharing.repository.js'
import { sharingRoutes } from './sharing.routes.js'
import { createSharingService, type ResourceLookup } from './sharing.service.js'

export type { ResourceAccess, ResourceCaller, ResourceRef } from './resource-access.js'
export type { ResourceLookup } from './sharing.service.js'

export interface ResourceAccessPorts {
  /** Per-resource roles for the domains that own shareable resources. */
  resources: ResourceAccess
  /**
   * A domain that owns a shareable resource type registers how one of a workspace's resources
   * of that type is found, when it is built; sharing finds resources only through these.
   */
  registerLookup(type: ShareableResourceType, lookup: ResourceLookup): void
  /**
   * The caller's role in a workspace; null when not an enabled member. The owner counts as an
   * admin whatever its membership row says (ownership can move to a former member).
   */
  memberRole(workspaceId: string, userId: string): Promise<'admin' | 'member' | null>
}

/**
 * Who may do what with a workspace's resources: sharing them with users and groups, and each
 * caller's role on one. It depends on nothing but the database, so the domains that own
 * resources (voices, dictionaries, projects) and the workspace administration above them are
 * all built after it.
 */
export function createResourceAccessModule(deps: {
  db: Database
  audit?: AuditLog
}): DomainModule<ResourceAccessPorts> {
  const sharingRepository = createSharingRepository(deps.db)
  const directory = createDirectoryRepository(deps.db)
  const lookups: Partial<Record<ShareableResourceType, ResourceLookup>> = {}
  const sharing = createSharingService({ sharing: sharingRepository, directory, lookups, audit: deps.audit })
  return {
    name: 'resource-access',
    routes: sharingRoutes(sharing),
    ports: {
      resources: createResourceAccess({ sharing: sharingRepository, directory }),
      registerLookup(type, lookup) {
        if (lookups[type]) throw new Error(`a lookup for ${type} resources is already registered`)
        lookups[type] = lookup
      },
      async memberRole(workspaceId, userId) {
        const membership = await directory.membership(workspaceId, userId)
        if (membership?.state !== 'enabled') return null
        return membership.owner_id === userId ? 'admin' : membership.role
      },
    },
  }
}
