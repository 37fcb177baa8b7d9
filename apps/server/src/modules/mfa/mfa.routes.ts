import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.js'
import { requirePrincipal } from '../../plugins/auth.js'
import * as s from './mfa.schemas.js'
import type { TwoFactorService } from './two-factor.service.js'
import type { WorkspaceSecurityService } from './workspace-security.service.js'

const userTags = ['user']
const workspaceTags = ['workspace']
// Two-factor is managed by the signed-in person, never with an API key; these calls stay open
// to a member the workspace asks to set up two-factor first.
const ownCredentials = { apiKeys: false, mfaSetup: true } as const
const limited = { rateLimit: { max: 30, timeWindow: '1 minute' } }
const ok = z.object({ status: z.literal('ok') })

export function mfaRoutes(
  twoFactor: TwoFactorService,
  security: WorkspaceSecurityService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/user/mfa',
      {
        config: ownCredentials,
        schema: {
          tags: userTags,
          summary: 'Whether two-factor sign-in is on',
          response: { 200: s.twoFactorStatus },
        },
      },
      async (request) => {
        const principal = requirePrincipal(request)
        const status = await twoFactor.status(principal.userId)
        return { ...status, setup_required: principal.mfaEnrollmentRequired === true }
      },
    )

    app.post(
      '/v1/user/mfa/totp/enroll',
      {
        config: { ...ownCredentials, ...limited },
        schema: {
          tags: userTags,
          summary: 'Start the authenticator setup: a new secret, its otpauth URI and QR code',
          response: { 200: s.enrolment },
        },
      },
      async (request) => {
        const principal = requirePrincipal(request)
        return twoFactor.enrol({ userId: principal.userId, email: principal.email })
      },
    )

    app.post(
      '/v1/user/mfa/totp/confirm',
      {
        config: { ...ownCredentials, ...limited },
        schema: {
          tags: userTags,
          summary: 'Turn two-factor on with a first code; answers the backup codes, shown this once',
          body: s.codeBody,
          response: { 200: s.backupCodes },
        },
      },
      async (request) => twoFactor.confirm(requirePrincipal(request).userId, request.body.code),
    )

    app.post(
      '/v1/user/mfa/backup-codes',
      {
        config: { apiKeys: false, ...limited },
        schema: {
          tags: userTags,
          summary: 'New backup codes for a current authenticator code (the old ones stop working)',
          body: s.codeBody,
          response: { 200: s.backupCodes },
        },
      },
      async (request) => twoFactor.regenerateBackupCodes(requirePrincipal(request).userId, request.body.code),
    )

    app.post(
      '/v1/user/mfa/disable',
      {
        config: { apiKeys: false, ...limited },
        schema: {
          tags: userTags,
          summary: 'Turn two-factor off with an authenticator or backup code',
          body: s.codeBody,
          response: { 200: ok },
        },
      },
      async (request) => {
        const principal = requirePrincipal(request)
        const settings = await security.settings(principal)
        // A workspace that requires two-factor would lock its member out at once.
        if (settings.mfa_required_for_users || settings.mfa_required_by_plan)
          throw new AppError('mfa_enrollment_required', {
            message: 'This workspace requires two-factor authentication: it cannot be turned off.',
          })
        await twoFactor.disable(principal.userId, request.body.code)
        return { status: 'ok' as const }
      },
    )

    app.get(
      '/v1/workspace/security',
      {
        config: { apiKeys: false },
        schema: {
          tags: workspaceTags,
          summary: 'The workspace security settings: two-factor requirement and session timeout (admins)',
          response: { 200: s.securitySettings },
        },
      },
      async (request) => {
        const principal = requirePrincipal(request)
        if (!security.isAdmin(principal)) throw new AppError('does_not_have_required_permissions')
        return security.settings(principal)
      },
    )

    app.patch(
      '/v1/workspace/security',
      {
        config: { apiKeys: false },
        schema: {
          tags: workspaceTags,
          summary: 'Change the workspace security settings (admins)',
          body: s.securitySettingsPatch,
          response: { 200: s.securitySettings },
        },
      },
      async (request) => security.update(requirePrincipal(request), request.body),
    )

    app.get(
      '/v1/workspace/mfa/disabled-users',
      {
        config: { scope: 'workspace' },
        schema: {
          tags: workspaceTags,
          summary: 'Members of the workspace who have not turned on two-factor sign-in (admins)',
          response: { 200: s.disabledUsers },
        },
      },
      async (request) => {
        const principal = requirePrincipal(request)
        if (!security.isAdmin(principal)) throw new AppError('does_not_have_required_permissions')
        return { users: await security.membersWithoutMfa(principal) }
      },
    )
  }
}
