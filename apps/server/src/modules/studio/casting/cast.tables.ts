import type { Timestamp } from '../../../db/schema.js'

/** One member of a project's cast: a character found speaking (or the narrator) and its voice. */
export interface StudioCastTable {
  project_id: string
  character_id: string
  name: string
  /** null: not assigned yet (the narrator's voice reads the character). */
  voice_id: string | null
  /** How many quoted lines the last detection gave the character. */
  lines: number
  created_at: Timestamp
  updated_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../../db/schema.js' {
  interface DB {
    studio_cast: StudioCastTable
  }
}
