// Pronunciation dictionaries, their rules and the workspace defaults.
import { client, settle } from '../../lib/api'
import type {
  CreateDictionaryRequest,
  CreateDictionaryResponse,
  DictionaryList,
  DictionaryMetadata,
  DictionaryRuleInput,
  DictionaryRulesResponse,
  DictionaryWithRules,
  UpdateDictionaryRequest,
  WorkspaceDictionaries,
} from '../../lib/api-types'

const dictionaryPath = (id: string) => ({ params: { path: { pronunciation_dictionary_id: id } } })

export const listDictionaries = (includeArchived: boolean): Promise<DictionaryList> =>
  settle(
    client.GET('/v1/pronunciation-dictionaries', {
      params: {
        query: {
          page_size: 100,
          sort: 'name',
          sort_direction: 'ascending',
          include_archived: includeArchived,
        },
      },
    }),
  )
export const getDictionary = (id: string): Promise<DictionaryWithRules> =>
  settle(client.GET('/v1/pronunciation-dictionaries/{pronunciation_dictionary_id}', dictionaryPath(id)))
export const createDictionary = (body: CreateDictionaryRequest): Promise<CreateDictionaryResponse> =>
  settle(client.POST('/v1/pronunciation-dictionaries/add-from-rules', { body }))
export const setDictionaryRules = (
  id: string,
  rules: DictionaryRuleInput[],
): Promise<DictionaryRulesResponse> =>
  settle(
    client.POST('/v1/pronunciation-dictionaries/{pronunciation_dictionary_id}/set-rules', {
      ...dictionaryPath(id),
      body: { rules },
    }),
  )
export const updateDictionary = (id: string, body: UpdateDictionaryRequest): Promise<DictionaryMetadata> =>
  settle(
    client.PATCH('/v1/pronunciation-dictionaries/{pronunciation_dictionary_id}', {
      ...dictionaryPath(id),
      body,
    }),
  )
export const getWorkspaceDictionaries = (): Promise<WorkspaceDictionaries> =>
  settle(client.GET('/v1/workspace/pronunciation-dictionary-locators'))
export const setWorkspaceDictionaries = (ids: string[]): Promise<WorkspaceDictionaries> =>
  settle(
    client.PUT('/v1/workspace/pronunciation-dictionary-locators', {
      body: { pronunciation_dictionary_locators: ids.map((id) => ({ pronunciation_dictionary_id: id })) },
    }),
  )
/** The PLS file of a dictionary version (same origin, the session cookie goes with it). */
export const dictionaryDownloadUrl = (id: string, versionId: string): string =>
  `/v1/pronunciation-dictionaries/${encodeURIComponent(id)}/${encodeURIComponent(versionId)}/download`
