import type { ColumnType, Generated } from 'kysely'
import type { NullableTimestamp, Timestamp } from '../../db/schema.js'

/** A workspace's identity provider (OIDC or SAML); an OIDC client secret is stored sealed. */
export interface SsoIdentityProvidersTable {
  id: string
  workspace_id: string
  type: 'oidc' | 'saml'
  name: string
  issuer: string
  client_id: string
  client_secret_sealed: string | null
  sso_url: string | null
  certificates: ColumnType<string[], string[] | undefined, string[]>
  domains: ColumnType<string[], string[], string[]>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

/** A domain a workspace proves it holds with a DNS TXT record. */
export interface SsoDomainsTable {
  id: string
  workspace_id: string
  domain: string
  verification_code: string
  status: Generated<'pending' | 'passed' | 'unknown'>
  last_error: string | null
  last_checked_at: NullableTimestamp
  verified_at: NullableTimestamp
  created_at: Generated<Date>
}

export interface SsoSettingsTable {
  workspace_id: string
  sso_required: Generated<boolean>
  auto_provisioning_enabled: Generated<boolean>
  auto_provisioning_enabled_at: NullableTimestamp
  auto_provisioning_enabled_by: string | null
}

export interface SsoIdentitiesTable {
  provider_id: string
  subject: string
  user_id: string
  created_at: Generated<Date>
}

export interface SsoSignInStatesTable {
  id: string
  provider_id: string
  code_verifier: string | null
  nonce: string | null
  request_id: string | null
  redirect_uri: string
  continue_path: string | null
  expires_at: Timestamp
  used_at: NullableTimestamp
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    sso_identity_providers: SsoIdentityProvidersTable
    sso_domains: SsoDomainsTable
    sso_settings: SsoSettingsTable
    sso_identities: SsoIdentitiesTable
    sso_sign_in_states: SsoSignInStatesTable
  }
}
