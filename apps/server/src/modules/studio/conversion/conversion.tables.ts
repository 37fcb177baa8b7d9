import type { ColumnType, Generated } from 'kysely'
import type { Timestamp } from '../../../db/schema.js'
import type { StoredBlock } from '../studio-content.js'
import type { SpokenWord } from '../takes/spoken-words.js'

/** One conversion request of a Studio project (chapters, or single blocks) run as a job. */
export interface StudioConversionsTable {
  id: string
  workspace_id: string
  project_id: string
  user_id: string
  api_key_id: string | null
  chapter_ids: ColumnType<string[], string, string>
  block_ids: ColumnType<string[] | null, string | null, string | null>
  whole_project: Generated<boolean>
  /** queued | running | done | failed */
  status: string
  progress: Generated<number>
  error_code: string | null
  error_message: string | null
  created_at: Timestamp
  /** The heartbeat of the run that holds a running conversion. */
  updated_at: Timestamp
  /** The worker run that holds a running conversion (null when none does). */
  worker_token: string | null
}

/** The generated audio of one block, the hash of what it was made from, and its lock. */
export interface StudioBlockAudioTable {
  chapter_id: string
  block_id: string
  source_hash: string
  storage_key: string
  duration_seconds: number
  locked: Generated<boolean>
  /** Regenerations of the same text that were free (the first two are). */
  free_regenerations: Generated<number>
  /** The take this audio is (null for audio kept before takes were). */
  take_id: string | null
  /** When each word of the block is spoken in this audio. */
  words: ColumnType<SpokenWord[], string | undefined, string>
  created_at: Timestamp
}

/** Every rendering of a block (a take), kept so that an earlier one can be picked again. */
export interface StudioBlockTakesTable {
  id: string
  chapter_id: string
  block_id: string
  source_hash: string
  storage_key: string
  duration_seconds: number
  words: ColumnType<SpokenWord[], string | undefined, string>
  /** Made as one of the free regenerations. */
  free: Generated<boolean>
  created_at: Timestamp
}

/** A converted chapter's audio (chapter_id set) or a whole project's (chapter_id null). */
export interface StudioSnapshotsTable {
  id: string
  project_id: string
  chapter_id: string | null
  name: string
  storage_key: string
  duration_seconds: number
  chapter_snapshot_ids: ColumnType<string[], string | undefined, string>
  /** A chapter snapshot's blocks as they were (null: made before snapshots kept them). */
  blocks: ColumnType<StoredBlock[] | null, string | null | undefined, string | null>
  /** The audio each of those blocks had then (its files are kept while the snapshot is). */
  block_audio: ColumnType<SnapshotBlockAudio[] | null, string | null | undefined, string | null>
  created_at: Timestamp
}

/** A block's audio as a snapshot keeps it. */
export interface SnapshotBlockAudio {
  block_id: string
  source_hash: string
  storage_key: string
  duration_seconds: number
  words: SpokenWord[]
}

/** An export of a Studio project or chapter, made by a job; its file once done. */
export interface StudioExportsTable {
  id: string
  workspace_id: string
  project_id: string
  /** null: the whole project. */
  chapter_id: string | null
  user_id: string
  /** mp3 | wav | m4b */
  format: string
  /** queued | running | done | failed */
  status: string
  progress: Generated<number>
  /** The worker run that holds a running export (its heartbeat is updated_at). */
  worker_token: string | null
  storage_key: string | null
  file_name: string | null
  content_type: string | null
  size_bytes: number | null
  loudness: ColumnType<
    { integrated_lufs: number; true_peak_db: number; rms_db: number } | null,
    string | null,
    string | null
  >
  error_code: string | null
  error_message: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../../db/schema.js' {
  interface DB {
    studio_conversions: StudioConversionsTable
    studio_block_audio: StudioBlockAudioTable
    studio_block_takes: StudioBlockTakesTable
    studio_snapshots: StudioSnapshotsTable
    studio_exports: StudioExportsTable
  }
}
