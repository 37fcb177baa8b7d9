// Audio events: loud stretches that voice activity does not take for speech. A stretch whose
// waveform crosses zero often (a broadband sound: applause, rain, static) is `(noise)`; one that
// crosses rarely (tones, instruments) is `(music)`. Crude, and said so: no laughter detector yet.
import { RECOGNITION_SAMPLE_RATE } from './recogniser.js'
import { speechProbabilities } from './voice-activity.js'

export interface AudioEvent {
  label: '(noise)' | '(music)'
  start: number
  end: number
}

const WINDOW = 512
const LOUD_DB = -35
const SPEECH_BELOW = 0.3
const MIN_SECONDS = 0.5
/** Zero crossings per sample above which a sound counts as broadband noise. */
const NOISE_CROSSINGS = 0.2

export async function audioEvents(samples: Float32Array): Promise<AudioEvent[]> {
  const probabilities = await speechProbabilities(samples)
  const windowSeconds = WINDOW / RECOGNITION_SAMPLE_RATE
  const events: AudioEvent[] = []
  let runStart = -1
  let crossings = 0
  let counted = 0
  const close = (end: number) => {
    if (runStart >= 0 && (end - runStart) * windowSeconds >= MIN_SECONDS)
      events.push({
        label: crossings / counted > NOISE_CROSSINGS ? '(noise)' : '(music)',
        start: runStart * windowSeconds,
        end: end * windowSeconds,
      })
    runStart = -1
    crossings = 0
    counted = 0
  }
  for (let w = 0; w < probabilities.length; w++) {
    const piece = samples.subarray(w * WINDOW, (w + 1) * WINDOW)
    let energy = 0
    let zc = 0
    for (let i = 0; i < piece.length; i++) {
      energy += piece[i]! * piece[i]!
      if (i > 0 && piece[i]! >= 0 !== piece[i - 1]! >= 0) zc++
    }
    const db = 10 * Math.log10(energy / Math.max(1, piece.length) + 1e-12)
    if (db > LOUD_DB && probabilities[w]! < SPEECH_BELOW) {
      if (runStart < 0) runStart = w
      crossings += zc
      counted += piece.length
    } else close(w)
  }
  close(probabilities.length)
  return events
}
