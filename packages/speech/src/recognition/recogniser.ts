// One interface for every speech recogniser (PocketSphinx today; Whisper, Vosk or sherpa-onnx
// user models later): 16 kHz mono samples in, timed words out.

/** The sample rate every recogniser takes. */
export const RECOGNITION_SAMPLE_RATE = 16_000

export interface RecognisedWord {
  text: string
  /** Seconds from the start of the samples given. */
  start: number
  end: number
  /** Natural log of the word's posterior probability (0 = certain). */
  logprob: number
}

export interface RecogniseOptions {
  /** Words or phrases the speaker is likely to say; the recogniser favours them. */
  keyterms?: readonly string[]
  /** ISO 639-1 code of the language spoken, or `auto` for recognisers that identify it. */
  language?: string
  /** Told the language each utterance was heard in, by recognisers that identify languages. */
  onLanguage?: (code: string, seconds: number) => void
}

export interface Recogniser {
  readonly id: string
  /** ISO 639-1 codes the recogniser understands. */
  readonly languages: readonly string[]
  /** Why the engine cannot run here (a missing library or model), or null when it can. */
  unavailable(): string | null
  recognise(samples: Float32Array, options?: RecogniseOptions): Promise<RecognisedWord[]>
  /** Times for a known word sequence in the samples (forced alignment). */
  align(samples: Float32Array, words: readonly string[]): Promise<RecognisedWord[]>
  close(): Promise<void>
}

/** The words of a text as a recogniser's vocabulary spells them: lower case, letters and apostrophes. */
export function vocabularyWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean)
}
