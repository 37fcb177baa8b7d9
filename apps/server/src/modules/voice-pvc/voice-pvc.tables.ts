import type { ColumnType, Generated, Selectable } from 'kysely'

/** A professional voice clone's flow: draft, verification by captcha, training. */
export interface PvcVoicesTable {
  voice_id: string
  workspace_id: string
  /** draft | needs_verification | fine_tuning | ready | blocked */
  state: string
  captcha_text: string | null
  verification_attempts: Generated<number>
  verified: Generated<boolean>
  last_verification_distance: number | null
  manual_verification: ColumnType<unknown | null, string | null, string | null>
  training_requested: Generated<boolean>
  training_progress: Generated<number>
  /** The training run that holds the clone while it trains (its heartbeat is updated_at). */
  worker_token: Generated<string | null>
  training_error: string | null
  model_id: string | null
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export interface PvcSamplesTable {
  id: string
  voice_id: string
  file_name: string
  mime_type: string
  size_bytes: number
  hash: string
  storage_key: string
  duration_seconds: number
  remove_background_noise: Generated<boolean>
  features: ColumnType<unknown, string, string>
  waveform: ColumnType<number[], string, string>
  /** not_started | pending | completed | failed */
  separation_status: Generated<string>
  speakers: ColumnType<unknown | null, string | null, string | null>
  selected_speaker_ids: ColumnType<string[] | null, string | null, string | null>
  trim_start: number | null
  trim_end: number | null
  created_at: Generated<Date>
}

export type PvcVoiceRow = Selectable<PvcVoicesTable>
export type PvcSampleRow = Selectable<PvcSamplesTable>

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    pvc_voices: PvcVoicesTable
    pvc_samples: PvcSamplesTable
  }
}
