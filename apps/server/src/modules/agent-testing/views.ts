import type { Principal } from '../../plugins/auth.js'
import { isAdmin } from '../../plugins/workspace-roles.js'
import type { FolderRow, TestRow } from './agent-testing.repository.js'

// How tests and folders look in the public API.

export const unixSeconds = (date: Date): number => Math.floor(new Date(date).getTime() / 1000)

/** Offset cursors: opaque to clients, a position in the list to the server. */
export function offsetOf(cursor: string | undefined): number {
  if (!cursor) return 0
  const offset = Number.parseInt(Buffer.from(cursor, 'base64url').toString('utf8'), 10)
  return Number.isFinite(offset) && offset >= 0 ? offset : 0
}

export function cursorAt(offset: number): string {
  return Buffer.from(String(offset), 'utf8').toString('base64url')
}

export function accessInfo(
  principal: Principal,
  row: { created_by: string; creator_email?: string | null; creator_name?: string | null },
) {
  const isCreator = row.created_by === principal.userId
  return {
    is_creator: isCreator,
    creator_name: row.creator_name ?? row.creator_email ?? '',
    creator_email: row.creator_email ?? '',
    role: isCreator || isAdmin(principal) ? ('admin' as const) : ('editor' as const),
  }
}

export type FolderPath = Array<{ id: string; name: string }>

export function testView(principal: Principal, row: TestRow) {
  return {
    ...row.definition,
    id: row.id,
    name: row.name,
    type: row.type,
    parent_folder_id: row.folder_id,
    access_info: accessInfo(principal, row),
  }
}

export function testSummaryView(principal: Principal, row: TestRow, path: FolderPath) {
  return {
    id: row.id,
    name: row.name,
    access_info: accessInfo(principal, row),
    created_at_unix_secs: unixSeconds(row.created_at),
    last_updated_at_unix_secs: unixSeconds(row.updated_at),
    type: row.type,
    entity_type: 'test' as const,
    folder_parent_id: row.folder_id,
    folder_path: path,
  }
}

export function folderSummaryView(principal: Principal, row: FolderRow, path: FolderPath) {
  return {
    id: row.id,
    name: row.name,
    access_info: accessInfo(principal, row),
    created_at_unix_secs: unixSeconds(row.created_at),
    last_updated_at_unix_secs: unixSeconds(row.updated_at),
    type: 'folder',
    entity_type: 'folder' as const,
    folder_parent_id: row.parent_id,
    folder_path: path,
    children_count: row.children_count,
  }
}
