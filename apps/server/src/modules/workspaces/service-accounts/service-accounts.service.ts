import { bindUseCases } from '../../../platform/use-cases.js'
import { createKey, deleteKey, disableOwnKey, listKeys, updateKey } from './service-account-keys.js'
import type { ServiceAccountsDeps } from './service-accounts-deps.js'
import { create, list, remove } from './service-accounts-managing.js'

export { scopesOf } from './key-permissions.js'
export type { KeyInput } from './service-accounts-deps.js'

/**
 * Service accounts own API keys that act for the workspace without a person: admins create
 * them on paid plans, at most twenty, and delete them once they hold no keys.
 */
export function createServiceAccountsService(deps: ServiceAccountsDeps) {
  return bindUseCases(deps, {
    list,
    create,
    remove,
    listKeys,
    createKey,
    updateKey,
    deleteKey,
    disableOwnKey,
  })
}

export type ServiceAccountsService = ReturnType<typeof createServiceAccountsService>
