import type { MusicStem } from '@timbre/contract'
import type { Score } from './score.js'

export interface RenderTask {
  id: number
  score: Score
  /** An output format name, e.g. mp3_44100_128. */
  format: string
  stems: boolean
  /** Send the encoded audio as it is made. */
  stream: boolean
}

export type WorkerMessage =
  /** Encoded audio up to `endMs` of the song. */
  | { id: number; type: 'chunk'; bytes: Uint8Array; endMs: number }
  | {
      id: number
      type: 'done'
      /** The whole file (a finished WAV with its sizes); empty when streamed. */
      audio: Uint8Array
      stems: Partial<Record<MusicStem, Uint8Array>> | null
      renderMs: number
    }
  | { id: number; type: 'error'; message: string }
