import type { RequestablePermission } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { PermissionRequestsRepository } from './permission-requests.repository.js'

function isAdmin(principal: Principal): boolean {
  const role = principal.workspace?.role
  return role === 'owner' || role === 'admin'
}

type Row = Awaited<ReturnType<PermissionRequestsRepository['list']>>[number]

const shape = (r: Row) => ({
  request_id: r.id,
  user_id: r.user_id,
  email: r.email,
  first_name: r.first_name,
  permission: r.permission as RequestablePermission,
  message: r.message,
  status: r.status,
  created_at_unix: Math.floor(r.created_at.getTime() / 1000),
  decided_at_unix: r.decided_at ? Math.floor(r.decided_at.getTime() / 1000) : null,
})

/**
 * A member refused an admin page asks the admins for access; an admin grants it (the member
 * becomes an admin) or declines it. Each request is answered once.
 */
export function createPermissionRequestsService(deps: {
  repo: PermissionRequestsRepository
  now?: () => Date
}) {
  const { repo } = deps
  const now = deps.now ?? (() => new Date())

  async function decide(principal: Principal, id: string, status: 'granted' | 'declined') {
    if (!isAdmin(principal)) throw new AppError('workspace_admin_required')
    await repo.transaction(async (trx) => {
      const request = await repo.lockOne(trx, principal.workspaceId, id)
      if (!request) throw new AppError('permission_request_not_found')
      if (request.status !== 'pending') throw new AppError('permission_request_decided')
      if (status === 'granted' && !(await repo.makeAdmin(trx, principal.workspaceId, request.user_id)))
        throw new AppError('member_not_found', { message: 'This person is no longer an enabled member.' })
      await repo.decide(trx, id, { status, by: principal.userId, at: now() })
    })
  }

  return {
    async create(
      principal: Principal,
      input: { permission: RequestablePermission; message?: string | undefined },
    ) {
      if (isAdmin(principal)) throw new AppError('permission_already_granted')
      await repo.insert({
        id: newId(),
        workspaceId: principal.workspaceId,
        userId: principal.userId,
        permission: input.permission,
        message: input.message?.trim() || null,
      })
      const row = await repo.findPending(principal.workspaceId, principal.userId, input.permission)
      if (!row) throw new AppError('permission_request_not_found')
      return shape(row)
    },

    /** Admins see the requests waiting for an answer; members see their own. */
    async list(principal: Principal) {
      const rows = isAdmin(principal)
        ? await repo.list(principal.workspaceId, { pendingOnly: true })
        : await repo.list(principal.workspaceId, { userId: principal.userId, pendingOnly: false })
      return rows.map(shape)
    },

    grant: (principal: Principal, id: string) => decide(principal, id, 'granted'),
    decline: (principal: Principal, id: string) => decide(principal, id, 'declined'),
  }
}

export type PermissionRequestsService = ReturnType<typeof createPermissionRequestsService>
