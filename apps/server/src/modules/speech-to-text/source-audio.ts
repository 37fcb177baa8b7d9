import { SPEECH_TO_TEXT_MAX_BYTES, SPEECH_TO_TEXT_MAX_SECONDS } from '@timbre/contract'
import { RECOGNITION_SAMPLE_RATE, resample } from '@timbre/speech'
import { AppError } from '../../errors.js'
import { decodeTo48kMono, UndecodableAudio } from '../../lib/audio/audio-decode.js'
import { sniffAudio } from '../../lib/audio/audio-sniff.js'
import { downloadedFile } from '../../platform/outbound/downloaded-file.js'
import { createCheckedFetch, type OutboundPolicy } from '../../platform/outbound/outbound.js'
import type { SourceFile } from './stt-form.js'

// The audio a transcription or an alignment works on: an upload recognised by its bytes (a
// renamed text file is refused, whatever its name), or a file fetched from an HTTPS URL under
// the outbound rules; decoded to 16 kHz mono.

const DECODE_RATE = 48_000
const CLOUD_ERRORS = {
  invalid: 'cloud_storage_url_invalid',
  refused: 'cloud_storage_url_refused',
  unresolved: 'cloud_storage_url_unresolved',
} as const

export async function decodeSource(file: SourceFile): Promise<{ samples: Float32Array; seconds: number }> {
  if (file.data.length === 0) throw new AppError('speech_to_text_empty_file', { param: 'file' })
  if (file.data.length > SPEECH_TO_TEXT_MAX_BYTES)
    throw new AppError('speech_to_text_file_too_big', { param: 'file' })
  if (file.fileFormat === 'other') {
    const sniffed = sniffAudio(file.data)
    if (!sniffed) throw new AppError('speech_to_text_invalid_file', { param: 'file' })
    if (sniffed.durationSeconds !== null && sniffed.durationSeconds > SPEECH_TO_TEXT_MAX_SECONDS)
      throw new AppError('speech_to_text_file_too_big', { param: 'file' })
  }
  let decoded: Float32Array
  try {
    decoded = await decodeTo48kMono(
      file.data,
      file.fileFormat === 'other' ? 'detect' : 'pcm_s16le_16',
      SPEECH_TO_TEXT_MAX_SECONDS,
    )
  } catch (error) {
    if (error instanceof UndecodableAudio)
      throw new AppError('speech_to_text_invalid_file', { param: 'file' })
    throw error
  }
  if (decoded.length === 0) throw new AppError('speech_to_text_invalid_file', { param: 'file' })
  const seconds = decoded.length / DECODE_RATE
  if (seconds > SPEECH_TO_TEXT_MAX_SECONDS)
    throw new AppError('speech_to_text_file_too_big', { param: 'file' })
  return { samples: await resample(decoded, DECODE_RATE, RECOGNITION_SAMPLE_RATE), seconds }
}

/** Downloads the file behind `cloud_storage_url` (HTTPS, no private address unless allowed). */
export function createCloudFetcher(policy: OutboundPolicy) {
  const checkedFetch = createCheckedFetch(policy, CLOUD_ERRORS, 30_000)
  return async (url: string): Promise<SourceFile> => {
    let response: Response
    try {
      response = await checkedFetch(url)
    } catch (error) {
      if (error instanceof AppError) throw error
      throw new AppError('speech_to_text_fetch_failed', { param: 'cloud_storage_url' })
    }
    if (!response.ok || !response.body)
      throw new AppError('speech_to_text_fetch_failed', { param: 'cloud_storage_url' })
    const file = await downloadedFile(response, url, {
      maxBytes: SPEECH_TO_TEXT_MAX_BYTES,
      tooBig: () => new AppError('speech_to_text_file_too_big', { param: 'cloud_storage_url' }),
      fallbackName: 'audio',
    })
    return { ...file, fileFormat: 'other' }
  }
}
