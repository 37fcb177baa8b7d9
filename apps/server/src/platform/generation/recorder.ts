import type { OutputFormat } from '@timbre/speech'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import type { Principal } from '../../plugins/auth.js'

/** What the history item of a generation shows (besides its audio, timings and charge). */
export interface HistoryDetails {
  voiceId: string
  voiceName: string
  voiceCategory: string
  modelId: string
  text: string
  dialogue: unknown[] | null
  settings: unknown
  source: string
}

export interface RecordingInput {
  principal: Principal
  requestId: string
  /** The ledger's kind: tts, dialogue, tts-stream-input, ... */
  kind: string
  format: OutputFormat
  /** Credits per character of the model. */
  costMultiplier: number
  /** null: the caller turned logging off; no audio is stored and no history item written. */
  history: HistoryDetails | null
  /**
   * A generation of one known text: checked against the plan's per-request maximum and
   * reserved at once (`hash` names it for free regenerations). Without it, the caller
   * reserves each piece as it comes (`reservePiece`).
   */
  /**
   * What the usage analytics record when `history` is null (logging off): the model and the
   * voice or other resource used.
   */
  meter?: { modelId: string | null; resourceId: string | null; resourceName?: string | null }
  /** Served within the request (default) or by a job worker. */
  queue?: 'realtime' | 'job'
  charge?: {
    text: string
    hash: string | null
    /** A fixed price in credits (sound effects, voice isolation) instead of the text's characters. */
    credits?: number
    /**
     * The price covers this many seconds of audio (speech to speech): a generation that breaks
     * off owes the share of it that was delivered, measured by the delivered chunks' end times.
     * Without it, the share is that of the text's characters.
     */
    seconds?: number
  }
}

/** A chunk as handed to the client. */
export interface DeliveredChunk {
  audio: Uint8Array
  alignment: {
    characters: string[]
    character_start_times_seconds: number[]
    character_end_times_seconds: number[]
  } | null
  /** Characters whose speech starts in this chunk. */
  characters: number
  /** The piece it belongs to (the reservation, for a generation reserved per piece). */
  piece: number
  endSeconds: number
}

export interface Recording {
  readonly historyItemId: string | null
  /** Credits reserved so far. */
  readonly cost: number
  /** Credits charged once settled (0 before, and when everything was released). */
  readonly charged: number
  /** The workspace's concurrent generations when this one began, itself included. */
  readonly concurrent: number
  /** Reserves the next piece of a generation charged per piece; returns its index. */
  reservePiece(text: string): Promise<number>
  /**
   * Call before (or as) each chunk is written to the client: from then on it is charged,
   * whatever happens next.
   */
  delivered(chunk: DeliveredChunk): void
  /**
   * Audio made but held back (a whole response sent once `complete` returned, a job's result):
   * kept for the history item, charged only by `complete`.
   */
  held(chunk: DeliveredChunk): void
  /**
   * Everything went out: stores the audio, then settles every reservation in full and writes
   * the history item in one transaction. `text` replaces the history text (a session's).
   */
  complete(options?: {
    text?: string
    /**
     * Written in the settlement's transaction: a job's result that must exist exactly when it
     * is charged (a crash before the commit leaves neither, after it both).
     */
    within?: (trx: Transaction<DB>) => Promise<void>
  }): Promise<void>
  /**
   * Broke off: each reservation is charged for what was delivered, or released when nothing
   * was. Delivered audio with history on is stored and its history item written in the same
   * transaction as the charge (`text` replaces the history text), so a charge always has its
   * item unless the audio could not be stored. Safe to call after `complete`. Audio reported
   * with `held` is never charged here.
   */
  fail(options?: { text?: string }): Promise<void>
}

/** Owns a generation's credits, audio and history item, whatever produced the audio. */
export interface Recorder {
  /** Takes a concurrency slot (and, with `charge`, reserves the credits). */
  begin(input: RecordingInput): Promise<Recording>
}
