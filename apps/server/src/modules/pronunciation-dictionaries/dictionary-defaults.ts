import { MAX_PRONUNCIATION_LOCATORS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Locator } from '../../platform/generation/ports.js'
import type { Principal } from '../../plugins/auth.js'
import type { DictionariesDeps } from './dictionaries-deps.js'
import { versionOf } from './dictionary-access.js'
import { type StoredRule, toSpeechRules } from './dictionary-rules.js'

/**
 * The rules a speech request applies, in order: the dictionaries it names, or the
 * workspace's default list when it sends no list at all (an empty list means none). Phoneme rules need an English-only model:
 * a request that names a dictionary with phonemes for another model is refused; the
 * workspace defaults keep only their aliases there, so a default list never blocks speech.
 */
export async function rulesFor(
  deps: DictionariesDeps,
  workspaceId: string,
  locators: readonly Locator[] | null | undefined,
  model: { id: string; englishOnly: boolean },
  param = 'pronunciation_dictionary_locators',
) {
  const { repository } = deps
  // An empty list names no dictionary on purpose: nothing applies, not even the defaults.
  const named = locators !== null && locators !== undefined
  const list: Locator[] = named
    ? [...locators]
    : (await repository.defaults(workspaceId)).map((d) => ({
        pronunciation_dictionary_id: d.dictionaryId,
        version_id: d.versionId,
      }))
  if (list.length === 0) return []
  if (list.length > MAX_PRONUNCIATION_LOCATORS)
    throw new AppError('too_many_pronunciation_dictionaries', { param })
  const rules: StoredRule[] = []
  for (const [i, locator] of list.entries()) {
    const version = await versionOf(deps, workspaceId, locator, `${param}[${i}]`)
    rules.push(...version.rules)
  }
  if (!model.englishOnly && rules.some((r) => r.type === 'phoneme')) {
    if (named)
      throw new AppError('phonemes_require_english_model', {
        message: `Phonemes require an English-only model (eleven_flash_v2, eleven_turbo_v2 or eleven_monolingual_v1); ${model.id} cannot read the phoneme rules of these pronunciation dictionaries.`,
        param: 'model_id',
      })
    return toSpeechRules(rules.filter((r) => r.type === 'alias'))
  }
  return toSpeechRules(rules)
}

export async function defaults(deps: DictionariesDeps, caller: Principal) {
  const { repository } = deps
  const list = await repository.defaults(caller.workspaceId)
  return {
    pronunciation_dictionary_locators: list.map((d) => ({
      pronunciation_dictionary_id: d.dictionaryId,
      version_id: d.versionId,
    })),
  }
}

export async function setDefaults(deps: DictionariesDeps, caller: Principal, locators: Locator[]) {
  const { repository } = deps
  const permission = await deps.roles.permissionOf(caller.workspaceId, caller.userId)
  if (permission !== 'admin')
    throw new AppError('dictionary_editor_required', {
      message: 'Only a workspace admin can change the workspace pronunciation dictionaries.',
    })
  if (locators.length > MAX_PRONUNCIATION_LOCATORS)
    throw new AppError('too_many_pronunciation_dictionaries', {
      param: 'pronunciation_dictionary_locators',
    })
  for (const [i, locator] of locators.entries())
    await versionOf(deps, caller.workspaceId, locator, `pronunciation_dictionary_locators[${i}]`)
  await repository.setDefaults(
    caller.workspaceId,
    locators.map((l) => ({
      dictionaryId: l.pronunciation_dictionary_id,
      versionId: l.version_id ?? null,
    })),
  )
  return defaults(deps, caller)
}
