import {
  SPEECH_TO_SPEECH_DEFAULT_MODEL,
  SPEECH_TO_SPEECH_MAX_BYTES,
  SPEECH_TO_SPEECH_MAX_SECONDS,
} from '@timbre/contract'
import { ISOLATION_SAMPLE_RATE, MODEL_PROFILES } from '@timbre/speech'
import { AppError } from '../../errors.js'
import { decodeTo48kMono, UndecodableAudio } from '../../lib/audio/audio-decode.js'
import { sniffAudio } from '../../lib/audio/audio-sniff.js'
import { type StsUpload, stsTooBig } from './sts-form.js'

// What a speech to speech request brings, checked before anything is reserved: the audio by
// its content and length, and the model.

/** The upload checked by its bytes and length, decoded to 48 kHz mono. */
export async function decodeUpload(upload: StsUpload): Promise<Float32Array> {
  if (upload.data.length > SPEECH_TO_SPEECH_MAX_BYTES) throw stsTooBig()
  if (upload.fileFormat === 'other') {
    // Only the bytes decide what a file is: a renamed text or image file is refused here.
    const sniffed = sniffAudio(upload.data)
    if (!sniffed) throw new AppError('invalid_audio_file', { param: 'audio' })
    if (sniffed.durationSeconds !== null && sniffed.durationSeconds > SPEECH_TO_SPEECH_MAX_SECONDS)
      throw stsTooBig()
  }
  let samples: Float32Array
  try {
    samples = await decodeTo48kMono(
      upload.data,
      upload.fileFormat === 'other' ? 'detect' : 'pcm_s16le_16',
      SPEECH_TO_SPEECH_MAX_SECONDS,
    )
  } catch (error) {
    if (error instanceof UndecodableAudio) throw new AppError('invalid_audio_file', { param: 'audio' })
    throw error
  }
  if (samples.length === 0) throw new AppError('invalid_audio_file', { param: 'audio' })
  if (samples.length / ISOLATION_SAMPLE_RATE > SPEECH_TO_SPEECH_MAX_SECONDS) throw stsTooBig()
  return samples
}

/** The model asked for, or the default; it must be one that converts voices. */
export function checkModel(modelId: string | null): string {
  const id = modelId ?? SPEECH_TO_SPEECH_DEFAULT_MODEL
  if (!MODEL_PROFILES[id]?.can_do_voice_conversion) {
    throw new AppError('validation_error', {
      message: `Model '${id}' cannot do speech to speech: use eleven_english_sts_v2 or eleven_multilingual_sts_v2.`,
      param: 'model_id',
    })
  }
  return id
}
