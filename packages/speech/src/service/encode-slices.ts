import { SpeechError } from '../errors.js'
import type { WorkerEncoder } from './worker-encoder.js'

/** The first slice is short so the first bytes leave quickly; later ones amortise the round trip. */
const FIRST_SLICE_SECONDS = 0.5
const SLICE_SECONDS = 3

/**
 * Encodes one PCM chunk in slices and yields each slice's bytes as soon as it is encoded.
 * MP3 encoding costs about 3% of real time, so encoding a whole 8-second segment before sending
 * anything would hold the first byte back by a quarter of a second.
 */
export async function* encodeInSlices(
  encoder: WorkerEncoder,
  samples: Float32Array,
  sampleRate: number,
  first: boolean,
  signal?: AbortSignal,
): AsyncGenerator<Uint8Array> {
  let at = 0
  let size = Math.round((first ? FIRST_SLICE_SECONDS : SLICE_SECONDS) * sampleRate)
  while (at < samples.length) {
    if (signal?.aborted) throw new SpeechError('aborted', 'The request was cancelled.')
    const end = Math.min(samples.length, at + size)
    yield await encoder.encode(samples.subarray(at, end), signal)
    at = end
    size = Math.round(SLICE_SECONDS * sampleRate)
  }
}
