import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Locator } from '../../platform/generation/ports.js'
import type { Principal } from '../../plugins/auth.js'
import type { DictionariesDeps, DictionaryPermission } from './dictionaries-deps.js'
import { checkDescription, checkName } from './dictionary-fields.js'
import type { StoredRule } from './dictionary-rules.js'
import type { DictionaryRow, DictionaryVersion } from './pronunciation-dictionaries.repository.js'

// A caller's dictionary (refused to anyone who may only view it), its views, and the writes every change goes through.

export async function permissionOn(
  deps: DictionariesDeps,
  caller: Principal,
  row?: DictionaryRow,
): Promise<DictionaryPermission> {
  return deps.roles.permissionOf(
    caller.workspaceId,
    caller.userId,
    row ? { id: row.id, createdBy: row.created_by } : undefined,
  )
}

export async function requireEditor(
  deps: DictionariesDeps,
  caller: Principal,
  row?: DictionaryRow,
): Promise<DictionaryPermission> {
  const permission = await permissionOn(deps, caller, row)
  if (permission === 'viewer') throw new AppError('dictionary_editor_required')
  return permission
}

export async function load(deps: DictionariesDeps, caller: Principal, id: string): Promise<DictionaryRow> {
  const { repository } = deps
  const row = await repository.find(caller.workspaceId, id)
  if (!row) throw new AppError('pronunciation_dictionary_not_found', { param: 'pronunciation_dictionary_id' })
  return row
}

export function metadata(row: DictionaryRow, permission: DictionaryPermission) {
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

export function created(row: DictionaryRow, permission: DictionaryPermission) {
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

export async function create(
  deps: DictionariesDeps,
  caller: Principal,
  input: { name?: string | undefined; description?: string | null | undefined },
  rules: StoredRule[],
) {
  const { repository } = deps
  const permission = await requireEditor(deps, caller)
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

export async function changeRules(
  deps: DictionariesDeps,
  caller: Principal,
  id: string,
  change: (rules: StoredRule[]) => StoredRule[],
): Promise<{ id: string; version_id: string; version_rules_num: number }> {
  const { repository } = deps
  await requireEditor(deps, caller, await load(deps, caller, id))
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

export async function versionOf(
  deps: DictionariesDeps,
  workspaceId: string,
  locator: Locator,
  param: string,
): Promise<DictionaryVersion> {
  const { repository } = deps
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
