import type { Timestamp } from '../../db/schema.js'

export interface ImpactPartnersTable {
  id: string
  name: string
  description: string
  category: string
  /** The partner's reviewer: the account with this email reviews its applications. */
  reviewer_email: string
  benefit_tier: string
  benefit_months: number
  created_at: Timestamp
}

export interface ImpactApplicationsTable {
  id: string
  partner_id: string
  user_id: string
  organisation: string
  statement: string
  status: string
  review_message: string | null
  /** The grant offer an approval issued; the applicant redeems it. */
  grant_code: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    impact_partners: ImpactPartnersTable
    impact_applications: ImpactApplicationsTable
  }
}
