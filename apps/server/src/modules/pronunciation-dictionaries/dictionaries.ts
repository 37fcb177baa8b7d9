import { DICTIONARY_PAGE_SIZE_DEFAULT } from '@timbre/contract'
import { formatPls, isTextInputError, parseLexiconFile } from '@timbre/speech'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import type { DictionariesDeps, ListInput } from './dictionaries-deps.js'
import { create, load, metadata, permissionOn, requireEditor, versionOf } from './dictionary-access.js'
import { CURSOR, checkName } from './dictionary-fields.js'
import {
  checkCount,
  fromSpeechRules,
  type RuleInput,
  type StoredRule,
  toSpeechRules,
  validateRules,
} from './dictionary-rules.js'

export async function list(deps: DictionariesDeps, caller: Principal, q: ListInput) {
  const { repository } = deps
  const match = q.cursor ? CURSOR.exec(q.cursor) : null
  if (q.cursor && !match) throw new AppError('invalid_dictionary_cursor', { param: 'cursor' })
  const offset = match ? Number(match[1]) : 0
  const limit = q.page_size ?? DICTIONARY_PAGE_SIZE_DEFAULT
  const rows = await repository.list({
    workspaceId: caller.workspaceId,
    includeArchived: q.include_archived ?? false,
    sort: q.sort ?? 'creation_time_unix',
    descending: (q.sort_direction ?? 'descending').toLowerCase() !== 'ascending',
    offset,
    limit,
  })
  const hasMore = rows.length > limit
  return {
    pronunciation_dictionaries: await Promise.all(
      rows.slice(0, limit).map(async (r) => metadata(r, await permissionOn(deps, caller, r))),
    ),
    has_more: hasMore,
    ...(hasMore ? { next_cursor: `o${offset + limit}` } : {}),
  }
}

export function createFromRules(
  deps: DictionariesDeps,
  caller: Principal,
  body: { name?: string; description?: string | null; rules: RuleInput[] },
) {
  return create(deps, caller, body, validateRules(body.rules))
}

export async function createFromFile(
  deps: DictionariesDeps,
  caller: Principal,
  form: {
    name?: string | undefined
    description?: string | undefined
    file?: { fileName: string; data: Buffer } | undefined
  },
) {
  checkName(form.name)
  let rules: StoredRule[] = []
  if (form.file) {
    try {
      rules = fromSpeechRules(parseLexiconFile(new Uint8Array(form.file.data), form.file.fileName).rules)
    } catch (error) {
      if (isTextInputError(error))
        throw new AppError('invalid_dictionary_file', {
          message: `Unable to create dictionary: ${error.message}`,
          param: 'file',
        })
      throw error
    }
    // The file's rules pass the same checks as typed rules (slashes, lengths, symbols).
    try {
      rules = validateRules(rules, 'file')
    } catch (error) {
      if (error instanceof AppError)
        throw new AppError('invalid_dictionary_file', {
          message: `Unable to create dictionary: ${error.message}`,
          param: 'file',
        })
      throw error
    }
  }
  checkCount(rules.length)
  return create(deps, caller, form, rules)
}

export async function get(deps: DictionariesDeps, caller: Principal, id: string) {
  const { repository } = deps
  const row = await load(deps, caller, id)
  const permission = await permissionOn(deps, caller, row)
  const version = await repository.version(row.id, row.latest_version_id)
  return { ...metadata(row, permission), rules: version?.rules ?? [] }
}

export async function update(
  deps: DictionariesDeps,
  caller: Principal,
  id: string,
  patch: { name?: string | undefined; archived?: boolean | undefined },
) {
  const { repository } = deps
  const permission = await requireEditor(deps, caller, await load(deps, caller, id))
  const name = patch.name !== undefined ? checkName(patch.name) : undefined
  const row = await repository.updateMetadata(caller.workspaceId, id, {
    ...(name !== undefined ? { name } : {}),
    ...(patch.archived !== undefined ? { archivedAt: patch.archived ? new Date() : null } : {}),
  })
  if (!row) throw new AppError('pronunciation_dictionary_not_found', { param: 'pronunciation_dictionary_id' })
  return metadata(row, permission)
}

export async function download(deps: DictionariesDeps, caller: Principal, id: string, versionId: string) {
  const version = await versionOf(
    deps,
    caller.workspaceId,
    { pronunciation_dictionary_id: id, version_id: versionId },
    'version_id',
  )
  const row = await load(deps, caller, id)
  return { pls: formatPls(toSpeechRules(version.rules)), fileName: `${row.name}.pls` }
}
