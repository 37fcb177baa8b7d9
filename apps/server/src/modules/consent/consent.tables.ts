import type { Generated } from 'kysely'
import type { NullableTimestamp, Timestamp } from '../../db/schema.js'

/** Where a user was last seen, from their client address (the location rules read it). */
export interface ConsentLocationsTable {
  user_id: string
  country: string
  region: string
  city: string
  seen_at: Timestamp
}

/** Terms the operator published; the newest is the one users must have accepted. */
export interface TermsVersionsTable {
  version: string
  published_at: Timestamp
}

export interface TermsAcceptancesTable {
  user_id: string
  version: string
  policy: string
  country: string | null
  region: string | null
  accepted_at: Timestamp
}

export interface WorkspaceTrainingOptOutsTable {
  workspace_id: string
  opted_out: boolean
  updated_by: string | null
  updated_at: Timestamp
}

/** A pending change of address: the code was mailed to the new address. */
export interface EmailChangesTable {
  user_id: string
  new_email: string
  code_hash: string
  attempts: Generated<number>
  expires_at: Timestamp
}

/** Mailed to the old address after a change, so its owner can take the account back. */
export interface EmailRevertsTable {
  code_hash: string
  user_id: string
  old_email: string
  new_email: string
  expires_at: Timestamp
  used_at: NullableTimestamp
}

export interface PublicUserNamesTable {
  user_id: string
  public_user_name: string
  updated_at: Timestamp
}

export interface AlphaAccessEmailsTable {
  email_lower: string
  granted_at: Timestamp
}

export interface AlphaAccessRequestsTable {
  user_id: string
  requested_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    consent_locations: ConsentLocationsTable
    terms_versions: TermsVersionsTable
    terms_acceptances: TermsAcceptancesTable
    workspace_training_opt_outs: WorkspaceTrainingOptOutsTable
    email_changes: EmailChangesTable
    email_reverts: EmailRevertsTable
    public_user_names: PublicUserNamesTable
    alpha_access_emails: AlphaAccessEmailsTable
    alpha_access_requests: AlphaAccessRequestsTable
  }
}
