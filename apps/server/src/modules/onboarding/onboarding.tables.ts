import type { ColumnType, Generated } from 'kysely'
import type { NullableTimestamp, Timestamp } from '../../db/schema.js'

/** A user's onboarding: the checklist and the survey answered after sign-up. */
export interface OnboardingStatesTable {
  user_id: string
  checklist_id: string | null
  checklist_initiated_at: NullableTimestamp
  checklist_hidden: Generated<boolean>
  checklist_completed_at: NullableTimestamp
  survey: ColumnType<unknown | null, string | null | undefined, string | null>
  survey_completed_at: NullableTimestamp
  updated_at: Timestamp
}

/** One completed checklist item; `detected_by` says whether the server saw it happen. */
export interface OnboardingChecklistItemsTable {
  user_id: string
  item_id: string
  detected_by: 'server' | 'client'
  completed_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    onboarding_states: OnboardingStatesTable
    onboarding_checklist_items: OnboardingChecklistItemsTable
  }
}
