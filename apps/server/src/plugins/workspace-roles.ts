import { AppError } from '../errors.js'
import type { Principal } from './auth.js'

// The workspace role rules every domain asks of a caller: owners count as admins.

export function isAdmin(principal: Principal): boolean {
  const role = principal.workspace?.role
  return role === 'owner' || role === 'admin'
}

/** Admin actions: a member is refused and nothing changes. */
export function requireAdmin(principal: Principal): void {
  if (!isAdmin(principal)) throw new AppError('workspace_admin_required')
}

/** Admin pages: the web client answers this 401 with its permission-request flow. */
export function requireAdminPage(principal: Principal): void {
  if (!isAdmin(principal)) throw new AppError('does_not_have_required_permissions')
}
