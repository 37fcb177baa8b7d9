// The engine interface: a segment of text in, mono PCM plus word timings out. Engines run
// inside a worker thread (they are synchronous and keep global state); a neural engine
// reading model files from a local directory would implement the same interface.
import type { EngineId, EngineParams } from '../types.js'

export type EnginePiece =
  | {
      kind: 'text'
      text: string
      /** Range in the normalised text this piece speaks. */
      normStart: number
      normEnd: number
      /** True when `text` is exactly the normalised substring (character-level mapping possible). */
      exact: boolean
    }
  | {
      kind: 'phonemes'
      /** eSpeak phoneme mnemonics. */
      espeak: string
      /** CMU Arpabet (space separated, with stress digits) when known. */
      arpabet: string | null
      text: string
      normStart: number
      normEnd: number
    }

export interface EngineInput {
  pieces: EnginePiece[]
  /** ISO 639-1 language of the text. */
  language: string
  params: EngineParams
  whisper: boolean
  /** Voice timbre the engine makes itself (eSpeak NG: through its variant's formants and pitch). */
  timbre?: EngineTimbre
}

export interface EngineTimbre {
  /** Formant frequencies times this (1 = unchanged). */
  formantScale: number
  /** Pitch times this (1 = unchanged). */
  pitchScale: number
}

export interface WordTiming {
  /** Seconds from the start of this segment's audio. */
  start: number
  end: number
  normStart: number
  normEnd: number
}

export interface EngineOutput {
  samples: Float32Array
  sampleRate: number
  words: WordTiming[]
}

export interface SpeechEngine {
  readonly id: EngineId
  /** Rule-based engines answer synchronously; a neural engine runs its model asynchronously. */
  synthesize(input: EngineInput): EngineOutput | Promise<EngineOutput>
}
