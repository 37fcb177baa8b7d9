import { DEFAULT_TTS_MODEL_ID } from '@timbre/contract'
import { resample, type SpeechService, timePitch, type VoiceDefinition } from '@timbre/speech'
import { RATE } from './media.js'

// One segment spoken in its slot: first at the voice's own pace; when that runs long, again
// faster (the speed setting, up to its 1.2 maximum); when that still runs long, time-stretched
// by Rubber Band to the slot's length. A clip never runs past its slot, so it never overlaps
// the next segment; a shorter clip starts on time and leaves the rest of its slot to the bed.

const RENDER_RATE = 24_000
const MAX_SPEED = 1.2
/** A seed per segment keeps a re-dub of unchanged text identical. */
const SEED = 11

async function render(
  speech: SpeechService,
  text: string,
  voice: VoiceDefinition,
  language: string,
  speed: number,
) {
  const result = await speech.synthesize(
    {
      text,
      voice,
      modelId: DEFAULT_TTS_MODEL_ID,
      languageCode: language,
      voiceSettings: { speed },
      seed: SEED,
    },
    `pcm_${RENDER_RATE}`,
  )
  const bytes = result.audio
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out = new Float32Array(Math.floor(bytes.byteLength / 2))
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true) / 32768
  return out
}

/** Leading and trailing near-silence trimmed, so the words start at the slot's start. */
function trimSilence(samples: Float32Array, rate: number): Float32Array {
  const threshold = 0.01
  const pad = Math.round(0.02 * rate)
  let first = 0
  while (first < samples.length && Math.abs(samples[first]!) < threshold) first++
  let last = samples.length - 1
  while (last > first && Math.abs(samples[last]!) < threshold) last--
  return samples.subarray(Math.max(0, first - pad), Math.min(samples.length, last + pad + 1))
}

export interface FittedSpeech {
  samples: Float32Array
  speed: number
  stretched: boolean
  /** Seconds the text took at speed 1 (measured, or derived from the faster render). */
  naturalSeconds: number
}

/** `text` spoken by `voice` in `language`, at 48 kHz, no longer than `slotSeconds`. */
export async function fitSpeech(
  speech: SpeechService,
  input: {
    text: string
    voice: VoiceDefinition
    language: string
    slotSeconds: number
    /**
     * How long the text is expected to take at speed 1 (from the voice's pace on earlier
     * segments): when it is longer than the slot, the first render is already at the speed that
     * fits, which saves rendering the text twice.
     */
    expectedSeconds?: number | null
  },
): Promise<FittedSpeech> {
  const slot = Math.max(0, Math.floor(input.slotSeconds * RENDER_RATE))
  if (!input.text.trim() || slot === 0)
    return { samples: new Float32Array(0), speed: 1, stretched: false, naturalSeconds: 0 }
  const expected = (input.expectedSeconds ?? 0) * RENDER_RATE
  let speed = expected > slot ? Math.min(MAX_SPEED, expected / slot) : 1
  let audio = trimSilence(await render(speech, input.text, input.voice, input.language, speed), RENDER_RATE)
  const naturalSeconds = (audio.length * speed) / RENDER_RATE
  if (audio.length > slot && speed < MAX_SPEED) {
    speed = Math.min(MAX_SPEED, (audio.length * speed) / slot)
    audio = trimSilence(await render(speech, input.text, input.voice, input.language, speed), RENDER_RATE)
  }
  let stretched = false
  if (audio.length > slot) {
    audio = await timePitch(audio, RENDER_RATE, {
      timeRatio: slot / audio.length,
      pitchScale: 1,
      formantScale: 1,
      quality: 'fast',
    })
    stretched = true
  }
  const out = await resample(audio.length > slot ? audio.subarray(0, slot) : audio, RENDER_RATE, RATE)
  const max = Math.floor(input.slotSeconds * RATE)
  return { samples: out.length > max ? out.subarray(0, max) : out, speed, stretched, naturalSeconds }
}
