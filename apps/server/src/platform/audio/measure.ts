import {
  analyseVoice,
  type CloneBase,
  cloneBaseVoices,
  collectSpeech,
  ISOLATION_SAMPLE_RATE,
  PREMADE_VOICES,
  type SpeechService,
  type VoiceDefinition,
  type VoiceFeatures,
} from '@timbre/speech'
import { AppError } from '../../errors.js'
import { decodeTo48kMono, UndecodableAudio } from '../../lib/audio/audio-decode.js'
import { type SniffedAudio, sniffAudio } from '../../lib/audio/audio-sniff.js'

// Voice measuring, for every domain that compares voices: uploaded samples are decoded by
// their content and measured (speech present, pitch, pitch range, pace, loudness, length); a
// voice of ours is measured on its own rendering of a fixed sentence. Instant and professional
// clones, similar voices and the voice changer's target all measure the same way.

/** The rate uploads are decoded to and measured at. */
export const MEASURE_SAMPLE_RATE = ISOLATION_SAMPLE_RATE
/** The sentence a voice of ours reads to be measured (a voice of another language reads its preview). */
export const MEASURE_TEXT =
  'The quick brown fox jumps over the lazy dog. How are you doing today? I hope the weather stays fine.'
const MEASURE_SEED = 7
const RENDER_RATE = 16_000
/** Voiced seconds below which a recording has no speech to measure. */
const VOICED_SECONDS_MIN = 0.2

export interface DecodedUpload {
  sniffed: SniffedAudio
  /** Mono samples at MEASURE_SAMPLE_RATE. */
  pcm: Float32Array
  seconds: number
}

/** Little-endian 16-bit PCM as float samples. */
export function pcm16ToFloat(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out = new Float32Array(Math.floor(bytes.byteLength / 2))
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true) / 32768
  return out
}

/**
 * Decodes an uploaded sample by its bytes (never its name or declared type), up to a little
 * past `maxSeconds`: a file that is not audio, or that decodes to nothing, is a 422 naming the
 * field.
 */
export async function decodeVoiceUpload(
  data: Uint8Array,
  options: { label: string; param: string; maxSeconds: number },
): Promise<DecodedUpload> {
  const sniffed = sniffAudio(data)
  let pcm: Float32Array | null = null
  if (sniffed) {
    try {
      pcm = await decodeTo48kMono(data, 'detect', options.maxSeconds)
    } catch (error) {
      if (!(error instanceof UndecodableAudio)) throw error
    }
  }
  if (!sniffed || !pcm || pcm.length === 0) {
    throw new AppError('invalid_audio_file', {
      message: `${options.label} is not a WAV, MP3, OGG, FLAC, M4A or WebM audio file.`,
      param: options.param,
    })
  }
  return { sniffed, pcm, seconds: pcm.length / MEASURE_SAMPLE_RATE }
}

/** Refuses a sample longer than `maxSeconds`. */
export function checkSampleLength(
  decoded: Pick<DecodedUpload, 'seconds'>,
  options: { label: string; param: string; maxSeconds: number },
): void {
  if (decoded.seconds <= options.maxSeconds) return
  throw new AppError('voice_sample_too_long', {
    message: `${options.label} is longer than ${options.maxSeconds / 60} minutes.`,
    param: options.param,
  })
}

/** Measures a recording at MEASURE_SAMPLE_RATE; one without speech is refused. */
export function measureSpeech(pcm: Float32Array, options: { label: string; param: string }): VoiceFeatures {
  const features = analyseVoice(pcm, MEASURE_SAMPLE_RATE)
  if (features.voicedSeconds < VOICED_SECONDS_MIN) {
    throw new AppError('voice_sample_silent', {
      message: `No speech was found in ${options.label}: upload a recording of a voice speaking.`,
      param: options.param,
    })
  }
  return features
}

/** A voice of ours reading the measuring sentence (or `text`), as float samples at `rate`. */
export async function renderForMeasuring(
  speech: SpeechService,
  voice: VoiceDefinition,
  options: { rate?: number; text?: string } = {},
): Promise<Float32Array> {
  const rate = options.rate ?? RENDER_RATE
  const pipeline = speech.pipeline(`pcm_${rate}`)
  const text = voice.language === 'en' ? (options.text ?? MEASURE_TEXT) : voice.preview_text
  pipeline.push({ text, voice, modelId: 'eleven_multilingual_v2', seed: MEASURE_SEED })
  pipeline.end()
  const result = await collectSpeech(pipeline, pipeline.format)
  return pcm16ToFloat(result.audio)
}

/**
 * What an instant clone reads while it is corrected and scored: longer than the measuring
 * sentence, so its pace and long-term spectrum average over more sounds.
 */
export const CLONE_MEASURE_TEXT = `${MEASURE_TEXT} When the sunlight strikes raindrops in the air, they act as a prism and form a rainbow. The rainbow is a division of white light into many beautiful colours.`

/** A voice of ours measured on its own rendering (of the measuring sentence, or `text`). */
export async function measureVoice(
  speech: SpeechService,
  voice: VoiceDefinition,
  options: { text?: string } = {},
): Promise<VoiceFeatures> {
  return analyseVoice(await renderForMeasuring(speech, voice, options), RENDER_RATE)
}

/**
 * The voices a clone is derived from, per language (English when a language has none), each
 * measured once per process. With `tracts`, the eSpeak NG vocal tracts kept for instant
 * cloning join the premade voices (cloneBaseVoices).
 */
export function createBaseVoices(speech: SpeechService, options: { tracts?: boolean } = {}) {
  const measured = new Map<string, Promise<VoiceFeatures>>()
  return async function basesFor(language: string): Promise<CloneBase[]> {
    let voices = PREMADE_VOICES.filter((v) => v.language === language)
    if (!voices.length) voices = PREMADE_VOICES.filter((v) => v.language === 'en')
    if (options.tracts) voices = cloneBaseVoices(language)
    return Promise.all(
      voices.map(async (voice) => {
        let features = measured.get(voice.voice_id)
        if (!features) {
          features = measureVoice(speech, voice)
          features.catch(() => measured.delete(voice.voice_id))
          measured.set(voice.voice_id, features)
        }
        return { voice, features: await features }
      }),
    )
  }
}
