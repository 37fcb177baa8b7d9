import { RECOGNITION_SAMPLE_RATE, VAD_WINDOW_SAMPLES } from '@timbre/speech'

// When an utterance starts and ends, from the voice activity of each 32 ms window: speech
// starts once the probability has stayed at or above the threshold for the minimum speech
// length, and ends once it has stayed below a lower threshold (hysteresis) for the silence
// the client chose. Times are seconds of the session's audio.

const WINDOW_SECONDS = VAD_WINDOW_SAMPLES / RECOGNITION_SAMPLE_RATE

export interface DetectorOptions {
  threshold: number
  minSpeechSeconds: number
  silenceSeconds: number
}

export type UtteranceEvent = { type: 'start'; at: number } | { type: 'end'; at: number }

export class UtteranceDetector {
  private time = 0
  private candidate = -1
  private silentSince = -1
  private start = -1

  constructor(private readonly options: DetectorOptions) {}

  /** Whether an utterance is under way. */
  get speaking(): boolean {
    return this.start >= 0
  }

  /** When the utterance under way started (seconds), or -1. */
  get utteranceStart(): number {
    return this.start
  }

  /** A commit cut the utterance: what follows is a new one from `at`. */
  restartAt(at: number): void {
    if (this.start >= 0) this.start = at
    this.silentSince = -1
  }

  /** The next window's speech probability; returns the utterance boundary it completes, if any. */
  window(probability: number): UtteranceEvent | null {
    const from = this.time
    this.time += WINDOW_SECONDS
    const { threshold, minSpeechSeconds, silenceSeconds } = this.options
    if (this.start < 0) {
      if (probability < threshold) {
        this.candidate = -1
        return null
      }
      if (this.candidate < 0) this.candidate = from
      if (this.time - this.candidate + 1e-9 < minSpeechSeconds) return null
      this.start = this.candidate
      this.candidate = -1
      this.silentSince = -1
      return { type: 'start', at: this.start }
    }
    if (probability < Math.max(0.01, threshold - 0.15)) {
      if (this.silentSince < 0) this.silentSince = from
      if (this.time - this.silentSince + 1e-9 < silenceSeconds) return null
      const at = this.silentSince
      this.start = -1
      this.silentSince = -1
      return { type: 'end', at }
    }
    if (probability >= threshold) this.silentSince = -1
    return null
  }
}
