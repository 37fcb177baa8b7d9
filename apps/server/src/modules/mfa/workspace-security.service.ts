import { MFA_REQUIRED_TIERS, SESSION_ACTIVITY_WRITE_INTERVAL_SECONDS, type Tier } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Principal, PrincipalResolver } from '../../plugins/auth.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { MfaRepository } from './mfa.repository.js'

export interface SecuritySettingsPatch {
  mfa_required_for_users?: boolean | undefined
  session_inactivity_timeout?: number | null | undefined
}

function isAdmin(principal: Principal): boolean {
  const role = principal.workspace?.role
  return role === 'owner' || role === 'admin'
}

/**
 * The workspace's security rules: whether members must use two-factor sign-in (always on
 * grant plans) and how long a session may stay idle. Both are enforced on every signed-in
 * request, where the caller's workspace is known.
 */
export function createWorkspaceSecurityService(deps: {
  repo: MfaRepository
  tierOf: (workspaceId: string) => Promise<string>
  endSession: (sessionId: string) => Promise<void>
  now?: () => Date
  audit?: AuditLog | undefined
}) {
  const { repo } = deps
  const now = deps.now ?? (() => new Date())
  const requiredByPlan = async (workspaceId: string) =>
    MFA_REQUIRED_TIERS.includes((await deps.tierOf(workspaceId)) as Tier)

  async function settings(principal: Principal) {
    const row = await repo.findWorkspaceSecurity(principal.workspaceId)
    if (!row) throw new AppError('workspace_not_found')
    return {
      mfa_required_for_users: row.mfa_required_for_users,
      mfa_required_by_plan: await requiredByPlan(row.id),
      session_inactivity_timeout: row.session_inactivity_timeout,
    }
  }

  /** Applies the workspace rules to a signed-in caller (API keys are not sessions: left as they are). */
  async function enforce(principal: Principal): Promise<Principal> {
    const sessionId = principal.sessionId
    if (principal.apiKey || !sessionId) return principal
    const context = await repo.securityContext(principal.workspaceId, principal.userId, sessionId)
    if (!context) return principal
    const at = now()
    const timeout = context.session_inactivity_timeout
    const last = context.last_active_at ?? context.session_started_at
    if (timeout !== null && last && at.getTime() - last.getTime() > timeout * 1000) {
      await deps.endSession(sessionId)
      throw new AppError('session_inactive')
    }
    const written = context.last_active_at
    if (!written || at.getTime() - written.getTime() > SESSION_ACTIVITY_WRITE_INTERVAL_SECONDS * 1000)
      await repo.touchSession(sessionId, at)
    if (context.mfa_confirmed_at) return principal
    const required = context.mfa_required_for_users || (await requiredByPlan(principal.workspaceId))
    return required ? { ...principal, mfaEnrollmentRequired: true } : principal
  }

  return {
    settings,

    async update(principal: Principal, patch: SecuritySettingsPatch) {
      if (!isAdmin(principal)) throw new AppError('workspace_admin_required')
      await repo.updateWorkspaceSecurity(principal.workspaceId, {
        ...(patch.mfa_required_for_users !== undefined
          ? { mfa_required_for_users: patch.mfa_required_for_users }
          : {}),
        ...(patch.session_inactivity_timeout !== undefined
          ? { session_inactivity_timeout: patch.session_inactivity_timeout }
          : {}),
      })
      await deps.audit?.record(
        undefined,
        principal,
        'security_settings_changed',
        { type: 'workspace', id: principal.workspaceId },
        {
          mfa_required_for_users: patch.mfa_required_for_users,
          session_inactivity_timeout: patch.session_inactivity_timeout,
        },
      )
      return settings(principal)
    },

    async membersWithoutMfa(principal: Principal) {
      const rows = await repo.membersWithoutMfa(principal.workspaceId)
      return rows.map((r) => ({ user_id: r.user_id, email: r.email, first_name: r.first_name }))
    },

    isAdmin,

    /** The resolver, with every signed-in principal checked against the workspace rules. */
    wrap(inner: PrincipalResolver): PrincipalResolver {
      return {
        fromApiKey: (key) => inner.fromApiKey(key),
        fromAccessToken: async (token) => enforce(await inner.fromAccessToken(token)),
        fromSessionCookie: async (token) => {
          const principal = await inner.fromSessionCookie(token)
          return principal ? enforce(principal) : null
        },
      }
    },
  }
}

export type WorkspaceSecurityService = ReturnType<typeof createWorkspaceSecurityService>
