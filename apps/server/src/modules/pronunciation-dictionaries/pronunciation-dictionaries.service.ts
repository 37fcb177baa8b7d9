import {
  DICTIONARY_PAGE_SIZE_DEFAULT,
  MAX_DICTIONARY_DESCRIPTION_CHARS,
  MAX_DICTIONARY_NAME_CHARS,
  MAX_PRONUNCIATION_LOCATORS,
} from '@timbre/contract'
import { formatPls, isTextInputError, parseLexiconFile } from '@timbre/speech'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Locator } from '../../platform/generation/ports.js'
import type { Principal } from '../../plugins/auth.js'
import {
  checkCount,
  fromSpeechRules,
  mergeRules,
  type RuleInput,
  removeRules,
  type StoredRule,
  toSpeechRules,
  validateRules,
} from './dictionary-rules.js'
import type {
  DictionariesRepository,
  DictionaryRow,
  DictionaryVersion,
} from './pronunciation-dictionaries.repository.js'

/** What a caller may do with the workspace's dictionaries. */
export type DictionaryPermission = 'admin' | 'editor' | 'viewer'

/**
 * The caller's permission on the workspace's dictionaries: without a dictionary, whether they may
 * create one (members may); with one, their role on it (the workspaces domain keeps per-resource
 * sharing: its creator and workspace admins are admins, others have what is shared with them).
 */
export interface DictionaryRoles {
  permissionOf(
    workspaceId: string,
    userId: string,
    dictionary?: { id: string; createdBy: string },
  ): Promise<DictionaryPermission>
  /** A dictionary was created: groups that ask for it get editor access. */
  created?(workspaceId: string, userId: string, dictionaryId: string): Promise<void>
}

export type { Locator }

export interface ListInput {
  cursor?: string | undefined
  page_size?: number | undefined
  sort?: 'creation_time_unix' | 'name' | undefined
  sort_direction?: string | undefined
  include_archived?: boolean | undefined
}

const CURSOR = /^o(\d{1,9})$/

export function createDictionariesService(deps: {
  repository: DictionariesRepository
  roles: DictionaryRoles
}) {
  const { repository } = deps

  async function permissionOn(caller: Principal, row?: DictionaryRow): Promise<DictionaryPermission> {
    return deps.roles.permissionOf(
      caller.workspaceId,
      caller.userId,
      row ? { id: row.id, createdBy: row.created_by } : undefined,
    )
  }

  async function requireEditor(caller: Principal, row?: DictionaryRow): Promise<DictionaryPermission> {
    const permission = await permissionOn(caller, row)
    if (permission === 'viewer') throw new AppError('dictionary_editor_required')
    return permission
  }

  async function load(caller: Principal, id: string): Promise<DictionaryRow> {
    const row = await repository.find(caller.workspaceId, id)
    if (!row)
      throw new AppError('pronunciation_dictionary_not_found', { param: 'pronunciation_dictionary_id' })
    return row
  }

  function metadata(row: DictionaryRow, permission: DictionaryPermission) {
    return {
      id: row.id,
      latest_version_id: row.latest_version_id,
      latest_version_rules_num: row.latest_version_rules_num,
      name: row.name,
      permission_on_resource: permission,
      created_by: row.created_by,
      creation_time_unix: Math.floor(row.created_at.getTime() / 1000),
      ...(row.archived_at ? { archived_time_unix: Math.floor(row.archived_at.getTime() / 1000) } : {}),
      ...(row.description ? { description: row.description } : {}),
    }
  }

  function created(row: DictionaryRow, permission: DictionaryPermission) {
    return {
      id: row.id,
      name: row.name,
      created_by: row.created_by,
      creation_time_unix: Math.floor(row.created_at.getTime() / 1000),
      version_id: row.latest_version_id,
      version_rules_num: row.latest_version_rules_num,
      permission_on_resource: permission,
      ...(row.description ? { description: row.description } : {}),
    }
  }

  async function create(
    caller: Principal,
    input: { name?: string | undefined; description?: string | null | undefined },
    rules: StoredRule[],
  ) {
    const permission = await requireEditor(caller)
    const name = checkName(input.name)
    const description = checkDescription(input.description)
    const row = await repository.insert({
      id: newId(),
      workspaceId: caller.workspaceId,
      name,
      description,
      createdBy: caller.userId,
      versionId: newId(),
      rules,
    })
    await deps.roles.created?.(caller.workspaceId, caller.userId, row.id)
    return created(row, permission)
  }

  async function changeRules(
    caller: Principal,
    id: string,
    change: (rules: StoredRule[]) => StoredRule[],
  ): Promise<{ id: string; version_id: string; version_rules_num: number }> {
    await requireEditor(caller, await load(caller, id))
    const version = await repository.changeRules(
      caller.workspaceId,
      id,
      caller.userId,
      newId(),
      (row, rules) => {
        if (row.archived_at) throw new AppError('pronunciation_dictionary_archived')
        return change(rules)
      },
    )
    if (!version)
      throw new AppError('pronunciation_dictionary_not_found', { param: 'pronunciation_dictionary_id' })
    return { id, version_id: version.id, version_rules_num: version.rulesNum }
  }

  async function versionOf(workspaceId: string, locator: Locator, param: string): Promise<DictionaryVersion> {
    const row = await repository.find(workspaceId, locator.pronunciation_dictionary_id)
    if (!row)
      throw new AppError('pronunciation_dictionary_not_found', {
        message: `A pronunciation dictionary with the id ${locator.pronunciation_dictionary_id} was not found.`,
        param,
      })
    const version = await repository.version(row.id, locator.version_id ?? row.latest_version_id)
    if (!version)
      throw new AppError('pronunciation_dictionary_version_not_found', {
        message: `The pronunciation dictionary ${row.id} has no version ${locator.version_id}.`,
        param,
      })
    return version
  }

  return {
    async list(caller: Principal, q: ListInput) {
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
          rows.slice(0, limit).map(async (r) => metadata(r, await permissionOn(caller, r))),
        ),
        has_more: hasMore,
        ...(hasMore ? { next_cursor: `o${offset + limit}` } : {}),
      }
    },

    createFromRules(
      caller: Principal,
      body: { name?: string; description?: string | null; rules: RuleInput[] },
    ) {
      return create(caller, body, validateRules(body.rules))
    },

    async createFromFile(
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
      return create(caller, form, rules)
    },

    async get(caller: Principal, id: string) {
      const row = await load(caller, id)
      const permission = await permissionOn(caller, row)
      const version = await repository.version(row.id, row.latest_version_id)
      return { ...metadata(row, permission), rules: version?.rules ?? [] }
    },

    async update(
      caller: Principal,
      id: string,
      patch: { name?: string | undefined; archived?: boolean | undefined },
    ) {
      const permission = await requireEditor(caller, await load(caller, id))
      const name = patch.name !== undefined ? checkName(patch.name) : undefined
      const row = await repository.updateMetadata(caller.workspaceId, id, {
        ...(name !== undefined ? { name } : {}),
        ...(patch.archived !== undefined ? { archivedAt: patch.archived ? new Date() : null } : {}),
      })
      if (!row)
        throw new AppError('pronunciation_dictionary_not_found', { param: 'pronunciation_dictionary_id' })
      return metadata(row, permission)
    },

    addRules(caller: Principal, id: string, rules: RuleInput[]) {
      const added = validateRules(rules)
      return changeRules(caller, id, (current) => mergeRules(current, added))
    },

    removeRules(caller: Principal, id: string, ruleStrings: string[]) {
      return changeRules(caller, id, (current) => removeRules(current, ruleStrings))
    },

    setRules(caller: Principal, id: string, rules: RuleInput[]) {
      const next = validateRules(rules)
      return changeRules(caller, id, () => next)
    },

    async download(caller: Principal, id: string, versionId: string) {
      const version = await versionOf(
        caller.workspaceId,
        { pronunciation_dictionary_id: id, version_id: versionId },
        'version_id',
      )
      const row = await load(caller, id)
      return { pls: formatPls(toSpeechRules(version.rules)), fileName: `${row.name}.pls` }
    },

    /**
     * The rules a speech request applies, in order: the dictionaries it names, or the
     * workspace's default list when it sends no list at all (an empty list means none). Phoneme rules need an English-only model:
     * a request that names a dictionary with phonemes for another model is refused; the
     * workspace defaults keep only their aliases there, so a default list never blocks speech.
     */
    async rulesFor(
      workspaceId: string,
      locators: readonly Locator[] | null | undefined,
      model: { id: string; englishOnly: boolean },
      param = 'pronunciation_dictionary_locators',
    ) {
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
        const version = await versionOf(workspaceId, locator, `${param}[${i}]`)
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
    },

    async defaults(caller: Principal) {
      const list = await repository.defaults(caller.workspaceId)
      return {
        pronunciation_dictionary_locators: list.map((d) => ({
          pronunciation_dictionary_id: d.dictionaryId,
          version_id: d.versionId,
        })),
      }
    },

    async setDefaults(caller: Principal, locators: Locator[]) {
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
        await versionOf(caller.workspaceId, locator, `pronunciation_dictionary_locators[${i}]`)
      await repository.setDefaults(
        caller.workspaceId,
        locators.map((l) => ({
          dictionaryId: l.pronunciation_dictionary_id,
          versionId: l.version_id ?? null,
        })),
      )
      return this.defaults(caller)
    },
  }
}

function checkName(value: string | undefined): string {
  const name = (value ?? '').trim()
  if (name === '') throw new AppError('validation_error', { message: 'Name required.', param: 'name' })
  if (name.length > MAX_DICTIONARY_NAME_CHARS)
    throw new AppError('validation_error', {
      message: `The name is too long (at most ${MAX_DICTIONARY_NAME_CHARS} characters).`,
      param: 'name',
    })
  return name
}

function checkDescription(value: string | null | undefined): string | null {
  const description = (value ?? '').trim()
  if (description.length > MAX_DICTIONARY_DESCRIPTION_CHARS)
    throw new AppError('validation_error', {
      message: `The description is too long (at most ${MAX_DICTIONARY_DESCRIPTION_CHARS} characters).`,
      param: 'description',
    })
  return description === '' ? null : description
}

export type DictionariesService = ReturnType<typeof createDictionariesService>
