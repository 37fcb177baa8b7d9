import type { Principal } from '../../plugins/auth.js'
import type { DictionariesDeps } from './dictionaries-deps.js'
import { changeRules } from './dictionary-access.js'
import { mergeRules, type RuleInput, removeRules, validateRules } from './dictionary-rules.js'

export function addRules(deps: DictionariesDeps, caller: Principal, id: string, rules: RuleInput[]) {
  const added = validateRules(rules)
  return changeRules(deps, caller, id, (current) => mergeRules(current, added))
}

export function removeDictionaryRules(
  deps: DictionariesDeps,
  caller: Principal,
  id: string,
  ruleStrings: string[],
) {
  return changeRules(deps, caller, id, (current) => removeRules(current, ruleStrings))
}

export function setRules(deps: DictionariesDeps, caller: Principal, id: string, rules: RuleInput[]) {
  const next = validateRules(rules)
  return changeRules(deps, caller, id, () => next)
}
