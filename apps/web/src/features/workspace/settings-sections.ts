import type { IconName } from '../../components/icon'

// The Workspace Settings sections, in the product's order, at /app/workspace/settings/<section>.
// Some pages are built by other areas of the app (security, SSO, domains, provisioning,
// analytics); the navigation links every section by its path either way.
export const WORKSPACE_SETTINGS_BASE = '/app/workspace/settings'

export const SETTINGS_SECTIONS = [
  { key: 'members', icon: 'user' },
  { key: 'groups', icon: 'voices' },
  { key: 'secrets', icon: 'shield' },
  { key: 'authConnections', icon: 'sliders' },
  { key: 'invites', icon: 'mail' },
  { key: 'serviceAccounts', icon: 'monitor' },
  { key: 'userApiKeys', icon: 'key' },
  { key: 'webhooks', icon: 'share' },
  { key: 'securityAndSso', icon: 'warning' },
  { key: 'sso', icon: 'key' },
  { key: 'verifiedDomains', icon: 'check' },
  { key: 'autoProvisioning', icon: 'plus' },
  { key: 'usageAnalytics', icon: 'chart' },
  { key: 'auditLog', icon: 'history' },
] as const satisfies readonly { key: string; icon: IconName }[]

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['key']

/** Sections whose segment is not their key in kebab-case. */
const SLUGS: Partial<Record<SettingsSection, string>> = { usageAnalytics: 'analytics' }

/** camelCase key to the path's kebab-case segment: userApiKeys -> user-api-keys. */
export function sectionSlug(key: SettingsSection): string {
  return SLUGS[key] ?? key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
}

export function sectionPath(key: SettingsSection): string {
  return `${WORKSPACE_SETTINGS_BASE}/${sectionSlug(key)}`
}
