import { AppError } from '../../errors.js'
import { type Principal, requirePrincipal } from '../../plugins/auth.js'
import type { ProductionsDeps } from './productions-deps.js'
import { parseQualifications, type Qualification } from './qualifications.js'

// Who may do what: customers act in the workspace they work in; producers are approved and
// act only on their own claims (the path's userId is theirs); administrators are the accounts
// the operator lists.

export function isAdmin(deps: Pick<ProductionsDeps, 'admins'>, principal: Principal): boolean {
  return deps.admins.includes(principal.email.toLowerCase())
}

export function requireAdmin(deps: Pick<ProductionsDeps, 'admins'>, principal: Principal): void {
  if (!isAdmin(deps, principal)) throw new AppError('production_not_admin')
}

/** The path's workspace must be the one the caller works in. */
export function requireWorkspace(principal: Principal, workspaceId: string): void {
  if (workspaceId !== principal.workspaceId) throw new AppError('production_workspace_mismatch')
}

/** The caller as an approved producer, acting on their own path (`userId` may be `me`). */
export async function requireProducer(
  deps: Pick<ProductionsDeps, 'producers'>,
  principal: Principal,
  userId: string,
): Promise<{ userId: string; qualifications: Qualification[] }> {
  if (userId !== 'me' && userId !== principal.userId) throw new AppError('production_not_producer')
  const producer = await deps.producers.producer(principal.userId)
  if (!producer) throw new AppError('production_not_producer')
  return { userId: principal.userId, qualifications: parseQualifications(producer.qualifications) }
}

/** The caller, acting in the workspace the path names (it must be the one they work in). */
export function principalIn(request: {
  principal: Parameters<typeof requirePrincipal>[0]['principal']
  params: { workspaceId: string }
}) {
  const principal = requirePrincipal(request)
  requireWorkspace(principal, request.params.workspaceId)
  return principal
}
