import type { Database } from '../../db/database.js'
import { hashSecret } from '../../lib/ids.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { DomainModule } from '../domain-module.js'
import { createApiKeysRepository } from './api-keys.repository.js'
import { apiKeysRoutes } from './api-keys.routes.js'
import { type ApiKeysService, createApiKeysService } from './api-keys.service.js'
import type { ApiKeyRow } from './api-keys.tables.js'

export type { ApiKeysService }

/** Finds the stored key a caller presented (keys are stored hashed). */
export interface ApiKeyLookup {
  findByKey(key: string): Promise<ApiKeyRow | undefined>
}

export interface ApiKeysPorts {
  lookup: ApiKeyLookup
  /** How many API keys a user has created (and not deleted). */
  countForUser(userId: string): Promise<number>
  /** Keys of one owner (a person or a service account), as the owner's own calls manage them. */
  manage: ApiKeysService
}

/** API keys: scoped, hashed keys with credit limits, managed from a signed-in session. */
export function createApiKeysModule(deps: { db: Database; audit?: AuditLog }): DomainModule<ApiKeysPorts> {
  const repository = createApiKeysRepository(deps.db)
  const service = createApiKeysService(repository, { audit: deps.audit })
  return {
    name: 'api-keys',
    routes: apiKeysRoutes(service),
    ports: {
      lookup: { findByKey: (key) => repository.findByHash(hashSecret(key)) },
      countForUser: async (userId) => (await repository.listForUser(userId)).length,
      manage: service,
    },
  }
}
