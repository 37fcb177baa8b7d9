import { routes } from '../../routes'

/**
 * The Workspace Settings sections single sign-on provides, in the spec's order, for the
 * settings navigation. Labels are translation keys.
 */
export const SSO_SETTINGS_SECTIONS = [
  { key: 'securityAndSso', to: routes.workspaceSso, label: 'sso.page.title' },
  { key: 'verifiedDomains', to: routes.workspaceDomains, label: 'sso.domains.title' },
  { key: 'autoProvisioning', to: routes.workspaceAutoProvisioning, label: 'sso.autoProvisioning.title' },
] as const
