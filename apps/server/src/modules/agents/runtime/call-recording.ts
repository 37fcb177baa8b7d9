import { RECOGNITION_SAMPLE_RATE } from '@timbre/speech'
import { wavOf } from '../../../lib/audio/wav-file.js'

// Both sides of a voice conversation on one timeline, at 16 kHz: the caller's audio as it
// arrived and the agent's as the caller heard it (from when it was sent, cut where an
// interruption stopped it). The two are mixed into one WAV when the call ends.

const RATE = RECOGNITION_SAMPLE_RATE

class Track {
  private data: Int16Array
  length = 0

  constructor(private readonly max: number) {
    this.data = new Int16Array(RATE * 8)
  }

  /** Writes samples at `at` (a sample index), after the end of what is there already. */
  write(samples: Float32Array, at: number): number {
    const from = Math.max(this.length, Math.round(at))
    const to = Math.min(this.max, from + samples.length)
    if (to <= from) return from
    if (to > this.data.length) {
      const grown = new Int16Array(Math.min(this.max, Math.max(to, this.data.length * 2)))
      grown.set(this.data.subarray(0, this.length))
      this.data = grown
    }
    for (let i = from; i < to; i++)
      this.data[i] = Math.round(Math.max(-1, Math.min(1, samples[i - from] ?? 0)) * 32767)
    this.length = to
    return to
  }

  truncate(at: number): void {
    this.length = Math.max(0, Math.min(this.length, Math.round(at)))
  }

  sample(i: number): number {
    return i < this.length ? (this.data[i] ?? 0) / 32768 : 0
  }
}

export class CallRecording {
  private readonly user: Track
  private readonly agent: Track
  private readonly startedAt = performance.now()

  constructor(maxSeconds: number) {
    this.user = new Track(Math.ceil(maxSeconds * RATE))
    this.agent = new Track(Math.ceil(maxSeconds * RATE))
  }

  private nowSample(): number {
    return ((performance.now() - this.startedAt) / 1000) * RATE
  }

  /** The caller's samples that just arrived (they were spoken over the chunk's length before now). */
  userAudio(samples: Float32Array): void {
    this.user.write(samples, this.nowSample() - samples.length)
  }

  /** The agent's samples, played after what was already sent, from when they were sent at the earliest. */
  agentAudio(samples: Float32Array): void {
    this.agent.write(samples, this.nowSample())
  }

  /** An interruption: the agent's audio after what the caller heard was never played. */
  cutAgentAt(performanceNow: number): void {
    this.agent.truncate(((performanceNow - this.startedAt) / 1000) * RATE)
  }

  get seconds(): number {
    return Math.max(this.user.length, this.agent.length) / RATE
  }

  /** Both sides mixed into one mono WAV, or null when nothing was heard on either side. */
  wav(): Buffer | null {
    const length = Math.max(this.user.length, this.agent.length)
    if (length === 0) return null
    const mixed = new Float32Array(length)
    for (let i = 0; i < length; i++) mixed[i] = this.user.sample(i) + this.agent.sample(i)
    return wavOf(mixed, RATE)
  }
}
