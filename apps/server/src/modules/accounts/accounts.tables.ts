import type { Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { NullableTimestamp, Timestamp } from '../../db/schema.js'

export interface UsersTable {
  id: string
  email: string
  email_verified_at: NullableTimestamp
  first_name: string | null
  workspace_id: string
  public_user_id: string
  is_onboarding_completed: Generated<boolean>
  is_onboarding_checklist_completed: Generated<boolean>
  is_producer: Generated<boolean>
  invite_code: string | null
  created_at: Timestamp
}

export interface AuthAccountsTable {
  id: string
  user_id: string
  provider: Generated<string>
  password_hash: string | null
  locale: string | null
  ccpa_opt_out: Generated<boolean>
  password_changed_at: NullableTimestamp
}

export interface AccountMetadataTable {
  user_id: string
  agrees_to_product_updates: Generated<boolean>
  accepted_bipa_terms: Generated<boolean>
  geo_location: unknown | null
  opt_out_updates_key: string
}

export interface SessionsTable {
  id: string
  user_id: string
  access_token_hash: string
  refresh_token_hash: string
  access_expires_at: Timestamp
  refresh_expires_at: Timestamp
  user_agent: string | null
  created_at: Timestamp
  /** Set when single sign-on opened the session: it works in this workspace only. */
  workspace_id: Generated<string | null>
}

/** Refresh tokens a session rotated away from; presenting one again ends the session. */
export interface RetiredRefreshTokensTable {
  token_hash: string
  session_id: string
  retired_at: Timestamp
}

export type ActionCodePurpose = 'verify_email' | 'reset_password' | 'sign_in_request'

export interface ActionCodesTable {
  code_hash: string
  purpose: ActionCodePurpose
  user_id: string
  email: string
  expires_at: Timestamp
  used_at: NullableTimestamp
  created_at: Timestamp
}

export interface SignInFailuresTable {
  id: Generated<string>
  email: string
  /** The client address the attempt came from ('' for rows older than per-address counting). */
  client_address: Generated<string>
  at: Timestamp
}

/** What a deleted account leaves: its sign-in is answered 'account deleted', not 'no user'. */
export interface DeletedAccountsTable {
  email_lower: string
  password_hash: string | null
  deleted_at: Timestamp
}

export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    users: UsersTable
    auth_accounts: AuthAccountsTable
    account_metadata: AccountMetadataTable
    sessions: SessionsTable
    retired_refresh_tokens: RetiredRefreshTokensTable
    action_codes: ActionCodesTable
    sign_in_failures: SignInFailuresTable
    deleted_accounts: DeletedAccountsTable
  }
}
