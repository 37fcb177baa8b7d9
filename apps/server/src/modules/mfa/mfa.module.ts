import type { Database } from '../../db/database.js'
import { createSecretBox } from '../../lib/secret-box.js'
import type { PrincipalResolver } from '../../plugins/auth.js'
import type { SignInPolicies } from '../accounts/accounts.module.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { DomainModule } from '../domain-module.js'
import { createMfaRepository } from './mfa.repository.js'
import { mfaRoutes } from './mfa.routes.js'
import { createPermissionRequestsRepository } from './permission-requests.repository.js'
import { permissionRequestsRoutes } from './permission-requests.routes.js'
import { createPermissionRequestsService } from './permission-requests.service.js'
import { createTwoFactorService, type SecondStepChallenge } from './two-factor.service.js'
import { createWorkspaceSecurityService } from './workspace-security.service.js'

export type { SecondStepChallenge }

export interface MfaPorts {
  /** The resolver with the workspace's security rules applied (MFA requirement, idle timeout). */
  principals: PrincipalResolver
  /** The second sign-in step: a token after the password, the user id once a code matched. */
  secondFactor: {
    challenge(userId: string, workspaceId?: string | null): Promise<SecondStepChallenge | null>
    complete(token: string, code: string): Promise<{ userId: string; workspaceId: string | null }>
  }
}

const SWEEP_MS = 10 * 60 * 1000

/**
 * Two-factor sign-in (authenticator codes, backup codes), the workspace security settings, and
 * the permission requests a member sends from a page they were refused.
 */
export function createMfaModule(deps: {
  db: Database
  secretKey: string
  principals: PrincipalResolver
  /** The workspace's plan tier (owned by billing): grant plans require two-factor. */
  tierOf: (workspaceId: string) => Promise<string>
  /** Ends a session (owned by accounts) that stayed idle too long. */
  endSession: (sessionId: string) => Promise<void>
  log?: (message: string, details: object) => void
  /** Changes to the two-factor requirement and the inactivity timeout go to the audit log. */
  audit?: AuditLog
  /** Password sign-in takes its second step from this domain. */
  signInPolicies?: Pick<SignInPolicies, 'useSecondFactor'>
}): DomainModule<MfaPorts> {
  const repo = createMfaRepository(deps.db)
  const twoFactor = createTwoFactorService({
    repo,
    secrets: createSecretBox(deps.secretKey, 'totp-secrets'),
    secretKey: deps.secretKey,
  })
  const security = createWorkspaceSecurityService({
    repo,
    tierOf: deps.tierOf,
    endSession: deps.endSession,
    audit: deps.audit,
  })
  const secondFactor = { challenge: twoFactor.challenge, complete: twoFactor.complete }
  deps.signInPolicies?.useSecondFactor(secondFactor)
  let timer: NodeJS.Timeout | undefined
  const sweep = () =>
    twoFactor
      .sweep()
      .catch((error: unknown) => deps.log?.('removing old sign-in steps failed', { err: error }))
  return {
    name: 'mfa',
    routes: async (app) => {
      await app.register(mfaRoutes(twoFactor, security))
      await app.register(
        permissionRequestsRoutes(
          createPermissionRequestsService({ repo: createPermissionRequestsRepository(deps.db) }),
        ),
      )
    },
    start: () => {
      timer = setInterval(sweep, SWEEP_MS)
      timer.unref()
    },
    stop: () => clearInterval(timer),
    ports: {
      principals: security.wrap(deps.principals),
      secondFactor,
    },
  }
}
