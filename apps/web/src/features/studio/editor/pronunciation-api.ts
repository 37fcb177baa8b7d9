// A project's own pronunciation dictionary: the first of its dictionaries, made on first use,
// to which a word fixed in the editor is added (its rules then apply to every chapter).
import { client, settle } from '../../../lib/api'
import type { DictionaryRuleInput } from '../../../lib/api-types'
import {
  createDictionary,
  getDictionary,
  setDictionaryRules,
} from '../../pronunciation-dictionaries/pronunciation-dictionaries-api'
import { getStudioProject } from '../studio-api'

const setProjectDictionaries = (
  projectId: string,
  locators: Array<{ pronunciation_dictionary_id: string; version_id: string | null }>,
) =>
  settle(
    client.POST('/v1/studio/projects/{project_id}/pronunciation-dictionaries', {
      params: { path: { project_id: projectId } },
      body: { pronunciation_dictionary_locators: locators },
    }),
  )

/** Adds a rule (replacing one for the same word) and points the project at the new version. */
export async function addProjectRule(
  projectId: string,
  rule: DictionaryRuleInput,
): Promise<{ pronunciation_dictionary_id: string; version_id: string }> {
  const project = await getStudioProject(projectId)
  const [own, ...others] = project.pronunciation_dictionary_locators
  let made: { id: string; version_id: string }
  if (own) {
    const dictionary = await getDictionary(own.pronunciation_dictionary_id)
    const kept = dictionary.rules.filter(
      (r) => r.string_to_replace.toLowerCase() !== (rule.string_to_replace ?? '').toLowerCase(),
    ) as DictionaryRuleInput[]
    made = await setDictionaryRules(own.pronunciation_dictionary_id, [...kept, rule])
  } else {
    made = await createDictionary({ name: `${project.name} pronunciations`.slice(0, 100), rules: [rule] })
  }
  const locator = { pronunciation_dictionary_id: made.id, version_id: made.version_id }
  await setProjectDictionaries(projectId, [locator, ...others])
  return locator
}
