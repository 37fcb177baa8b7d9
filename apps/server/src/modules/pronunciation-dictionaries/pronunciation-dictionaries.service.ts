import { bindUseCases } from '../../platform/use-cases.js'
import { createFromFile, createFromRules, download, get, list, update } from './dictionaries.js'
import type { DictionariesDeps } from './dictionaries-deps.js'
import { defaults, rulesFor, setDefaults } from './dictionary-defaults.js'
import { addRules, removeDictionaryRules, setRules } from './dictionary-rule-changes.js'

export * from './dictionaries-deps.js'

/** Pronunciation dictionaries: each use case in its own file, bound to the repository and roles. */
export function createDictionariesService(deps: DictionariesDeps) {
  return bindUseCases(deps, {
    list,
    createFromRules,
    createFromFile,
    get,
    update,
    download,
    addRules,
    removeRules: removeDictionaryRules,
    setRules,
    rulesFor,
    defaults,
    setDefaults,
  })
}

export type DictionariesService = ReturnType<typeof createDictionariesService>
