import {
  RECOGNITION_SAMPLE_RATE,
  type RecognisedWord,
  type Recogniser,
  type RecognitionStream,
} from '@timbre/speech'
import { SampleBuffer } from './sample-buffer.js'

// The recognition side of a live session: each utterance the voice activity finds is decoded
// by a recognition stream while it is spoken (its running hypothesis is the partial
// transcript), and ends with only its tail left to decode. Finished utterances wait, words in
// session time, for the commit that sends them. Audio is kept only until it is fed, plus the
// lead-in an utterance's start may reach back to.

/** Audio kept before an utterance's detected start, so its first sound is not cut. */
export const LEAD_IN_SECONDS = 0.3
/** An utterance longer than this goes on in a new stream (a decoder's memory grows with it). */
const MAX_STREAM_SECONDS = 30

export class LiveTranscriber {
  private readonly recent = new SampleBuffer()
  /** Session sample index of `recent`'s first sample. */
  private recentStart = 0
  private received = 0
  private stream: RecognitionStream | null = null
  private streamStart = 0
  private fedUntil = 0
  private held: Array<Promise<RecognisedWord[]>> = []

  constructor(
    private readonly recogniser: Recogniser,
    private readonly keyterms: readonly string[],
    /** How far back (samples) from the voice activity's position an utterance's start may lie. */
    private readonly reachBack: number,
    /** The running hypothesis of the utterance under way, as it changes. */
    private readonly onHypothesis: (text: string) => void,
  ) {}

  /** 16 kHz samples received in all. */
  get receivedSamples(): number {
    return this.received
  }

  get streaming(): boolean {
    return this.stream !== null
  }

  /** Whether any utterance ended since the last `take`. */
  get holding(): boolean {
    return this.held.length > 0
  }

  append(samples: Float32Array): void {
    this.recent.append(samples)
    this.received += samples.length
  }

  /** An utterance started at session second `at`: its stream opens with the lead-in before it. */
  start(at: number): void {
    if (this.stream) return
    this.open(Math.max(this.recentStart, Math.round((at - LEAD_IN_SECONDS) * RECOGNITION_SAMPLE_RATE)))
  }

  /** A commit cut the utterance under way: what follows is decoded as a new one from here. */
  restart(): void {
    if (!this.stream) return
    this.feedTo()
    this.end()
    this.open(this.received)
  }

  /** Feeds the stream under way everything received up to session sample `until`. */
  feedTo(until = this.received): void {
    const stream = this.stream
    if (!stream || until <= this.fedUntil) return
    const from = Math.max(this.fedUntil, this.recentStart)
    stream.push(this.recent.copy(from - this.recentStart, until - this.recentStart))
    this.fedUntil = until
    if (until - this.streamStart >= MAX_STREAM_SECONDS * RECOGNITION_SAMPLE_RATE) {
      this.end()
      this.open(until)
    }
  }

  /** The utterance ended: its stream decodes its tail, and its words wait for `take`. */
  end(): void {
    const stream = this.stream
    if (!stream) return
    this.stream = null
    const offset = this.streamStart / RECOGNITION_SAMPLE_RATE
    const words = stream
      .finish()
      .then((found) => found.map((w) => ({ ...w, start: w.start + offset, end: w.end + offset })))
    // Its failure is reported by the commit that waits for it, not as an unhandled rejection.
    words.catch(() => undefined)
    this.held.push(words)
  }

  /** The words of every utterance ended since the last take, in order, in session seconds. */
  async take(): Promise<RecognisedWord[]> {
    const parts = this.held.splice(0)
    return (await Promise.all(parts)).flat()
  }

  /** Forgets audio no utterance can need: fed already, and before the reach-back of `position`. */
  trim(position: number): void {
    const keepFrom = Math.min(
      this.stream ? this.fedUntil : this.received,
      Math.max(0, position - this.reachBack),
    )
    if (keepFrom > this.recentStart)
      this.recentStart += this.recent.keepLast(this.recentStart + this.recent.length - keepFrom)
  }

  /** The session ended: the utterance under way is dropped, and its decoder given back. */
  async close(): Promise<void> {
    const stream = this.stream
    this.stream = null
    await stream?.abort()
    await Promise.allSettled(this.held)
  }

  private open(from: number): void {
    const stream = this.recogniser.startStream({
      keyterms: [...this.keyterms],
      // A finished stream still reports the last of its audio: only the current one is heard.
      onHypothesis: (text) => {
        if (this.stream === stream) this.onHypothesis(text)
      },
    })
    this.stream = stream
    this.streamStart = from
    this.fedUntil = from
  }
}
