import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

// Row types of the tables in migrations/. Timestamps come back as Date; int8 columns are
// parsed to number by both drivers (database.ts), safe for credit counts below 2^53.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
type BigIntColumn = ColumnType<number, number | undefined, number>

export interface WorkspacesTable {
  id: string
  name: string
  owner_id: string
  created_at: Timestamp
}

export interface SubscriptionsTable {
  workspace_id: string
  tier: Generated<string>
  status: Generated<string>
  currency: Generated<string>
  billing_period: Generated<string>
  character_count: BigIntColumn
  character_limit: BigIntColumn
  period_started_at: Timestamp
  next_reset_at: Timestamp
  updated_at: Timestamp
}

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

export interface WorkspaceMembersTable {
  workspace_id: string
  user_id: string
  role: 'admin' | 'member'
  state: Generated<string>
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
  at: Timestamp
}

export interface ApiKeysTable {
  id: string
  user_id: string
  workspace_id: string
  name: string
  key_hash: string
  hint: string
  permissions: string[] | null
  character_limit: number | null
  character_count: BigIntColumn
  is_disabled: Generated<boolean>
  created_at: Timestamp
  last_used_at: NullableTimestamp
}

export interface OutboxMessagesTable {
  id: string
  to_address: string
  subject: string
  text_body: string
  html_body: string
  status: Generated<'pending' | 'sent' | 'local' | 'failed'>
  attempts: Generated<number>
  last_error: string | null
  created_at: Timestamp
  sent_at: NullableTimestamp
}

export interface DB {
  workspaces: WorkspacesTable
  subscriptions: SubscriptionsTable
  users: UsersTable
  workspace_members: WorkspaceMembersTable
  auth_accounts: AuthAccountsTable
  account_metadata: AccountMetadataTable
  sessions: SessionsTable
  action_codes: ActionCodesTable
  sign_in_failures: SignInFailuresTable
  api_keys: ApiKeysTable
  outbox_messages: OutboxMessagesTable
}

export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type ApiKeyRow = Selectable<ApiKeysTable>
export type SubscriptionRow = Selectable<SubscriptionsTable>
export type OutboxMessageRow = Selectable<OutboxMessagesTable>
