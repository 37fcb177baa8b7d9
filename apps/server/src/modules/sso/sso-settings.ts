import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin } from '../../plugins/workspace-roles.js'
import { type SettingsInput, type SsoDeps, ssoAudit } from './sso-deps.js'

/** The workspace's single sign-on settings: whether it is required, and automatic provisioning. */
export function createSsoSettings(deps: SsoDeps) {
  const { repo } = deps
  const audited = ssoAudit(deps)
  const now = deps.now ?? (() => new Date())

  return {
    async settings(principal: Principal) {
      requireAdmin(principal)
      return readSettings(principal.workspaceId)
    },

    async updateSettings(principal: Principal, input: SettingsInput) {
      requireAdmin(principal)
      const current = await readSettings(principal.workspaceId)
      const ssoRequired = input.sso_required ?? current.sso_required
      if (
        ssoRequired &&
        !current.sso_required &&
        (await repo.providersOf(principal.workspaceId)).length === 0
      )
        throw new AppError('sso_requires_identity_provider')
      const autoOn = input.user_auto_provisioning_enabled ?? current.auto_provisioning_enabled
      const switchedOn = autoOn && !current.auto_provisioning_enabled
      await repo.saveSettings(principal.workspaceId, {
        sso_required: ssoRequired,
        auto_provisioning_enabled: autoOn,
        auto_provisioning_enabled_at: autoOn
          ? switchedOn
            ? now()
            : current.auto_provisioning_enabled_at
          : null,
        auto_provisioning_enabled_by: autoOn
          ? switchedOn
            ? principal.email
            : current.auto_provisioning_enabled_by
          : null,
      })
      await audited(
        principal,
        { type: 'workspace', id: principal.workspaceId },
        { action: 'settings_updated', sso_required: ssoRequired, user_auto_provisioning_enabled: autoOn },
      )
      return readSettings(principal.workspaceId)
    },
  }

  async function readSettings(workspaceId: string) {
    const row = await repo.settings(workspaceId)
    return {
      sso_required: row?.sso_required ?? false,
      auto_provisioning_enabled: row?.auto_provisioning_enabled ?? false,
      auto_provisioning_enabled_at: row?.auto_provisioning_enabled_at ?? null,
      auto_provisioning_enabled_by: row?.auto_provisioning_enabled_by ?? null,
    }
  }
}
