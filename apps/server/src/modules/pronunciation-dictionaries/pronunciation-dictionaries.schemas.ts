import { DICTIONARY_PAGE_SIZE_MAX, MAX_PRONUNCIATION_LOCATORS } from '@timbre/contract'
import { z } from 'zod'

// Fields of the public pronunciation-dictionaries API. Rule fields are loose here on purpose:
// the service checks them and answers with the product's messages (Rule input required, ...).

const permission = z.enum(['admin', 'editor', 'viewer'])
const workspaceAccess = z.enum(['admin', 'editor', 'commenter', 'viewer'])

export const ruleInput = z.object({
  type: z.string().max(16),
  string_to_replace: z.string().max(10_000).optional(),
  alias: z.string().max(10_000).nullish(),
  phoneme: z.string().max(10_000).nullish(),
  alphabet: z.string().max(32).nullish(),
  case_sensitive: z.boolean().nullish(),
  word_boundaries: z.boolean().nullish(),
})

export const ruleOutput = z
  .object({
    type: z.enum(['alias', 'phoneme']),
    string_to_replace: z.string(),
    alias: z.string().optional(),
    phoneme: z.string().optional(),
    alphabet: z.enum(['ipa', 'cmu-arpabet']).optional(),
    case_sensitive: z.boolean(),
    word_boundaries: z.boolean(),
  })
  .meta({ id: 'PronunciationRule' })

export const dictionaryIdParams = z.object({ pronunciation_dictionary_id: z.string().min(1).max(64) })
export const downloadParams = z.object({
  dictionary_id: z.string().min(1).max(64),
  version_id: z.string().min(1).max(64),
})

const rulesList = z.array(ruleInput).max(10_000)

export const addFromRulesBody = z.object({
  name: z.string().max(10_000),
  description: z.string().max(10_000).nullish(),
  workspace_access: workspaceAccess.nullish(),
  rules: rulesList,
})

export const rulesBody = z.object({ rules: rulesList })
export const removeRulesBody = z.object({ rule_strings: z.array(z.string().max(10_000)).max(10_000) })

export const updateBody = z.object({
  name: z.string().max(10_000).optional(),
  archived: z.boolean().optional(),
})

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1')

export const listQuery = z.object({
  cursor: z.string().max(64).optional(),
  page_size: z.coerce.number().int().min(1).max(DICTIONARY_PAGE_SIZE_MAX).optional(),
  sort: z.enum(['creation_time_unix', 'name']).optional(),
  sort_direction: z.string().max(16).optional(),
  include_archived: booleanQuery.optional(),
})

export const addResponse = z
  .object({
    id: z.string(),
    name: z.string(),
    created_by: z.string(),
    creation_time_unix: z.number().int(),
    version_id: z.string(),
    version_rules_num: z.number().int(),
    description: z.string().optional(),
    permission_on_resource: permission,
  })
  .meta({ id: 'AddPronunciationDictionaryResponse' })

export const metadataResponse = z
  .object({
    id: z.string(),
    latest_version_id: z.string(),
    latest_version_rules_num: z.number().int(),
    name: z.string(),
    permission_on_resource: permission,
    created_by: z.string(),
    creation_time_unix: z.number().int(),
    archived_time_unix: z.number().int().optional(),
    description: z.string().optional(),
  })
  .meta({ id: 'PronunciationDictionaryMetadata' })

export const withRulesResponse = metadataResponse
  .extend({ rules: z.array(ruleOutput) })
  .meta({ id: 'PronunciationDictionaryWithRules' })

export const listResponse = z.object({
  pronunciation_dictionaries: z.array(metadataResponse),
  next_cursor: z.string().optional(),
  has_more: z.boolean(),
})

export const rulesResponse = z
  .object({ id: z.string(), version_id: z.string(), version_rules_num: z.number().int() })
  .meta({ id: 'PronunciationDictionaryRulesResponse' })

export const locator = z.object({
  pronunciation_dictionary_id: z.string().min(1).max(64),
  version_id: z.string().min(1).max(64).nullish(),
})

/** Request field of every speech call: at most three dictionaries, applied in order. */
export const locatorsField = z
  .array(locator)
  .max(MAX_PRONUNCIATION_LOCATORS, {
    message: `At most ${MAX_PRONUNCIATION_LOCATORS} pronunciation dictionaries can be used per request.`,
  })
  .nullish()

export const defaultsBody = z.object({ pronunciation_dictionary_locators: z.array(locator).max(10) })
export const defaultsResponse = z.object({
  pronunciation_dictionary_locators: z.array(
    z.object({ pronunciation_dictionary_id: z.string(), version_id: z.string().nullable() }),
  ),
})
