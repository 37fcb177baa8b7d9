// The contract between text processing (this folder) and the engines.
// Text processing is pure: no engines, no I/O. It turns the caller's text into a plan
// of segments the engines can speak, and keeps enough bookkeeping to map every
// normalised character back to the original text (for the `alignment` and
// `normalized_alignment` of streamed speech).

/** `apply_text_normalization` of the public API. `auto` = on for every language we normalise. */
export type NormalizationMode = 'auto' | 'on' | 'off'

/** What to do with v3 audio tags such as `[whispers]`: act on them or strip them. */
export type TagMode = 'apply' | 'strip'

/** A rule of a pronunciation dictionary. */
export type PronunciationRule =
  | {
      type: 'alias'
      stringToReplace: string
      alias: string
      caseSensitive?: boolean
      wordBoundaries?: boolean
    }
  | {
      type: 'phoneme'
      stringToReplace: string
      /** As written by the user: IPA, or CMU Arpabet (space separated, stress digits allowed). */
      phoneme: string
      alphabet: 'ipa' | 'cmu-arpabet'
      caseSensitive?: boolean
      wordBoundaries?: boolean
    }

/** Prosody changes that audio tags ask for; engines apply what they can. */
export interface SegmentStyle {
  whisper: boolean
  /** Linear gain, 1 = unchanged. `[shouts]` raises it, `[whispers]` lowers it. */
  volume: number
  /** Rate multiplier, 1 = unchanged. */
  rate: number
  /** Pitch multiplier, 1 = unchanged. */
  pitch: number
  /** Non-speech vocalisation requested by a tag (`laughs`, `sighs`, ...), rendered by engines that can. */
  vocalization?: string
}

/** A piece of a speech segment: plain text to speak, or phonemes for one matched word/phrase. */
export type SpeechPiece =
  | { kind: 'text'; text: string; normStart: number; normEnd: number }
  | {
      kind: 'phonemes'
      /** eSpeak NG phoneme mnemonics (what goes inside `[[...]]`), converted from IPA or Arpabet. */
      espeak: string
      /** The same phonemes as given, and their alphabet, for engines with their own phone sets. */
      source: string
      alphabet: 'ipa' | 'cmu-arpabet'
      /** The normalised text these phonemes stand for. */
      text: string
      normStart: number
      normEnd: number
    }

export type Segment =
  | {
      kind: 'speech'
      /** Normalised text of the whole segment (pieces concatenated). */
      text: string
      pieces: SpeechPiece[]
      style: SegmentStyle
      /** `sentence` ends a sentence; `clause` is a split inside a long sentence. */
      boundary: 'sentence' | 'clause'
      /** Range in `TextPlan.original`, end exclusive. */
      origStart: number
      origEnd: number
      /** Range in `TextPlan.normalized`, end exclusive. */
      normStart: number
      normEnd: number
    }
  | {
      kind: 'pause'
      seconds: number
      origStart: number
      origEnd: number
      normStart: number
      normEnd: number
    }

export interface TextPlan {
  /** The caller's text, unchanged. */
  original: string
  /** The text that is spoken after tags, aliases and normalisation (what `normalized_alignment` describes). */
  normalized: string
  /**
   * For each index i of `normalized`, the range in `original` it came from:
   * `normToOrig[2*i]` = start, `normToOrig[2*i+1]` = end (exclusive). Monotonic non-decreasing.
   * Characters of `original` that produce no speech (tags, markup) map to no normalised index.
   */
  normToOrig: Int32Array
  segments: Segment[]
  /** Language actually used (ISO 639-1, e.g. `en`, `de`, `ja`). */
  language: string
}

export interface PlanOptions {
  /** ISO 639-1 code of the text (the voice's language, or `language_code` of the request). */
  language: string
  normalization: NormalizationMode
  tags: TagMode
  rules?: PronunciationRule[]
  /** Segments longer than this many characters are split at clause boundaries (default 300). */
  maxSegmentChars?: number
  /**
   * A tighter limit for the first speech segment only, so the first audio of a stream is ready
   * as soon as the first phrase is. Default: `maxSegmentChars`.
   */
  firstSegmentChars?: number
}
