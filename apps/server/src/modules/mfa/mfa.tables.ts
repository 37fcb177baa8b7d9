import type { ColumnType, Generated } from 'kysely'
import type { NullableTimestamp, Timestamp } from '../../db/schema.js'

/** A user's authenticator secret (sealed); confirmed once a first code matched. */
export interface UserTotpTable {
  user_id: string
  secret_sealed: string
  confirmed_at: NullableTimestamp
  /** The newest time step a code was accepted for: that code and older ones never work again. */
  last_used_step: ColumnType<number | null, number | null | undefined, number | null>
  created_at: Timestamp
}

export interface UserBackupCodesTable {
  user_id: string
  code_hash: string
  used_at: NullableTimestamp
}

/** The second sign-in step: a password was right, a code is still owed. */
export interface MfaChallengesTable {
  token_hash: string
  user_id: string
  expires_at: Timestamp
  created_at: Timestamp
  /** The workspace the session to come is held to (a sign-in through single sign-on). */
  workspace_id: Generated<string | null>
}

export interface MfaFailuresTable {
  id: Generated<string>
  user_id: string
  at: Timestamp
}

export interface SessionActivityTable {
  session_id: string
  last_active_at: Timestamp
}

/** A member asks the workspace admins for a permission they were refused. */
export interface PermissionRequestsTable {
  id: string
  workspace_id: string
  user_id: string
  permission: string
  message: string | null
  status: Generated<'pending' | 'granted' | 'declined'>
  created_at: Timestamp
  decided_at: NullableTimestamp
  decided_by: string | null
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    user_totp: UserTotpTable
    user_backup_codes: UserBackupCodesTable
    mfa_challenges: MfaChallengesTable
    mfa_failures: MfaFailuresTable
    session_activity: SessionActivityTable
    permission_requests: PermissionRequestsTable
  }
}
