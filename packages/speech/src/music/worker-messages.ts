import type { MusicStem } from '@timbre/contract'
import type { Score } from './score.js'

export type RenderTask = {
  id: number
  kind: 'render'
  score: Score
  /** An output format name, e.g. mp3_44100_128. */
  format: string
  stems: boolean
  /** Send the encoded audio as it is made. */
  stream: boolean
}

/** A recording split into its harmonic and percussive parts, each encoded. */
export type SeparateTask = {
  id: number
  kind: 'separate'
  samples: Float32Array
  sampleRate: number
  format: string
}

/** A recording measured: tempo, key, brightness and how percussive it is. */
export type AnalyseTask = { id: number; kind: 'analyse'; samples: Float32Array; sampleRate: number }

export type WorkerTask = RenderTask | SeparateTask | AnalyseTask

export interface Analysis {
  bpm: number
  root: number
  mode: 'major' | 'minor'
  centroidHz: number
  percussiveShare: number
}

export type WorkerMessage =
  /** Encoded audio up to `endMs` of the song. */
  | { id: number; type: 'chunk'; bytes: Uint8Array; endMs: number }
  | {
      id: number
      type: 'done'
      /** The whole file (a finished WAV with its sizes); empty when streamed. */
      audio: Uint8Array
      stems: Partial<Record<MusicStem | 'percussive' | 'harmonic', Uint8Array>> | null
      analysis?: Analysis
      /** A rendered song's preview: four values a second, -1000..1000. */
      waveform?: number[]
      renderMs: number
      /** Of `renderMs`, the time spent singing the lines (0 when nothing is sung). */
      singMs?: number
    }
  | { id: number; type: 'error'; message: string }
