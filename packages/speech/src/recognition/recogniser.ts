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
  /**
   * One utterance recognised as it is spoken: samples are fed as they arrive, the running
   * hypothesis is reported as it changes, and the end costs only what was not decoded yet.
   */
  startStream(options?: RecognitionStreamOptions): RecognitionStream
  close(): Promise<void>
}

export interface RecognitionStreamOptions extends RecogniseOptions {
  /** The words heard so far, each time they change (they may be revised by later audio). */
  onHypothesis?: (text: string) => void
}

export interface RecognitionStream {
  /** The next 16 kHz samples of the utterance; decoded in order, off the event loop. */
  push(samples: Float32Array): void
  /** The words heard so far (the last hypothesis reported). */
  readonly hypothesis: string
  /**
   * Ends the utterance: its timed words, seconds from its first sample. The decoder goes back
   * to the recogniser, also when this rejects.
   */
  finish(): Promise<RecognisedWord[]>
  /** Drops the utterance; resolves once its decoder is back with the recogniser. Never rejects. */
  abort(): Promise<void>
}

/**
 * A stream for a recogniser that only decodes whole utterances: the samples are kept and
 * recognised once, at the end, with no hypothesis on the way.
 */
export function wholeUtteranceStream(
  recognise: (samples: Float32Array, options?: RecogniseOptions) => Promise<RecognisedWord[]>,
  options: RecognitionStreamOptions = {},
): RecognitionStream {
  const parts: Float32Array[] = []
  let ended = false
  return {
    hypothesis: '',
    push(samples) {
      if (ended) throw new Error('The utterance has ended')
      parts.push(samples.slice())
    },
    async finish() {
      if (ended) throw new Error('The utterance has ended')
      ended = true
      const all = new Float32Array(parts.reduce((n, p) => n + p.length, 0))
      let at = 0
      for (const p of parts.splice(0)) {
        all.set(p, at)
        at += p.length
      }
      return all.length > 0 ? recognise(all, options) : []
    },
    async abort() {
      ended = true
      parts.length = 0
    },
  }
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
