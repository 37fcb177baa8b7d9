import { PRODUCTION_MAX_MEDIA_SECONDS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { decodeTo48kMono, UndecodableAudio } from '../../lib/audio/audio-decode.js'
import { sniffAudio } from '../../lib/audio/audio-sniff.js'

/** The media's kind and duration, read from its bytes; refused (422) when it is not audio or video. */
export async function probeMedia(bytes: Uint8Array): Promise<{ contentType: string; seconds: number }> {
  if (bytes.length === 0) throw new AppError('production_media_invalid')
  const sniffed = sniffAudio(bytes)
  if (sniffed?.durationSeconds != null) return checked(sniffed.mimeType, sniffed.durationSeconds)
  let samples: Float32Array
  try {
    samples = await decodeTo48kMono(bytes, 'detect', PRODUCTION_MAX_MEDIA_SECONDS + 1)
  } catch (error) {
    if (error instanceof UndecodableAudio) throw new AppError('production_media_invalid')
    throw error
  }
  if (samples.length === 0) throw new AppError('production_media_invalid')
  return checked(sniffed?.mimeType ?? 'application/octet-stream', samples.length / 48_000)
}

function checked(contentType: string, seconds: number) {
  if (seconds > PRODUCTION_MAX_MEDIA_SECONDS) throw new AppError('production_media_too_long')
  return { contentType, seconds }
}
