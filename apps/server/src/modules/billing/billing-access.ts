import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { requirePrincipal } from '../../plugins/auth.js'

/**
 * Who may spend a workspace's money: the billing calls that pay, change, cancel or show the
 * provider's pages ask this port. The workspace domain answers it (today: the workspace's
 * admins, and every account owns one personal workspace where it is the admin).
 */
export interface BillingAccess {
  canManageBilling(workspaceId: string, userId: string): Promise<boolean>
}

/** A route hook: signed in, and allowed to manage the workspace's billing. */
export function requireBillingAdmin(access: BillingAccess) {
  return async (request: FastifyRequest): Promise<void> => {
    const principal = requirePrincipal(request)
    if (!(await access.canManageBilling(principal.workspaceId, principal.userId)))
      throw new AppError('not_billing_admin')
  }
}
