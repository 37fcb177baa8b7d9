import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/database.js'
import type { PronunciationRulesPort } from '../../platform/generation/ports.js'
import type { DomainModule } from '../domain-module.js'
import type { ResourceAccessPorts } from '../resource-access/resource-access.module.js'
import { dictionaryRulesRoutes } from './dictionary-rules.routes.js'
import { createDictionariesRepository } from './pronunciation-dictionaries.repository.js'
import { dictionariesRoutes } from './pronunciation-dictionaries.routes.js'
import {
  createDictionariesService,
  type DictionaryPermission,
  type DictionaryRoles,
  type Locator,
} from './pronunciation-dictionaries.service.js'

export type { DictionaryPermission, DictionaryRoles, Locator, PronunciationRulesPort }

export interface PronunciationDictionariesPorts {
  rules: PronunciationRulesPort
}

/** Pronunciation dictionaries: rules in versions, PLS/TXT import and export, workspace defaults. */
export function createPronunciationDictionariesModule(deps: {
  db: Database
  /** The caller's workspace role and per-dictionary roles from resource sharing. */
  access: ResourceAccessPorts
}): DomainModule<PronunciationDictionariesPorts> {
  // Creating needs membership (admins are admins, members editors); changing a dictionary needs
  // the editor role on it, as resource sharing grants it.
  const { resources } = deps.access
  const roles: DictionaryRoles = {
    async permissionOf(workspaceId, userId, dictionary) {
      const role = await deps.access.memberRole(workspaceId, userId)
      if (role === null) return 'viewer'
      if (!dictionary) return role === 'admin' ? 'admin' : 'editor'
      const onResource = await resources.roleOn(
        { workspaceId, userId },
        { type: 'pronunciation_dictionary', id: dictionary.id, creatorUserId: dictionary.createdBy },
      )
      return onResource === 'admin' || onResource === 'editor' ? onResource : 'viewer'
    },
    created: (workspaceId, userId, id) =>
      resources.created({ workspaceId, userId }, { type: 'pronunciation_dictionary', id }),
  }
  const repository = createDictionariesRepository(deps.db)
  const service = createDictionariesService({ repository, roles })
  // Sharing names dictionaries by id; it finds them here.
  deps.access.registerLookup('pronunciation_dictionary', async (workspaceId, id) => {
    const row = await repository.find(workspaceId, id)
    return row ? { id: row.id, name: row.name, creatorUserId: row.created_by } : null
  })
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(dictionariesRoutes(service))
    await app.register(dictionaryRulesRoutes(service))
  }
  return {
    name: 'pronunciation-dictionaries',
    routes,
    ports: {
      rules: { rulesFor: (...args) => service.rulesFor(...args) },
    },
  }
}
