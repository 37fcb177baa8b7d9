import type { Principal } from '../../plugins/auth.js'
import { isAdmin } from '../../plugins/workspace-roles.js'

/** The public API's access_info of an agent, tool or MCP server: who made it, what the caller may do. */
export function accessInfo(
  principal: Principal,
  row: { created_by: string; creator_email: string | null; creator_name: string | null },
) {
  const isCreator = row.created_by === principal.userId
  return {
    is_creator: isCreator,
    creator_name: row.creator_name ?? row.creator_email ?? '',
    creator_email: row.creator_email ?? '',
    role: isCreator || isAdmin(principal) ? ('admin' as const) : ('editor' as const),
  }
}

/** Offset cursors: opaque to clients, a position in the list to the server. */
export function offsetOf(cursor: string | undefined): number {
  if (!cursor) return 0
  const offset = Number.parseInt(Buffer.from(cursor, 'base64url').toString('utf8'), 10)
  return Number.isFinite(offset) && offset >= 0 ? offset : 0
}

export function cursorAt(offset: number): string {
  return Buffer.from(String(offset), 'utf8').toString('base64url')
}

export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000)
