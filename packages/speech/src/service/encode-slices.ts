import { SpeechError } from '../errors.js'
import type { WorkerEncoder } from './worker-encoder.js'

/**
 * The first slice of a stream is a few MP3 frames so the first bytes leave quickly (0.1 s of
 * 44.1 kHz MP3 costs about 3 ms); later slices are longer to amortise the round trip, but short
 * enough that an encoder thread shared by several streams gets to another stream's first slice
 * soon.
 */
const FIRST_SLICE_SECONDS = 0.1
const SLICE_SECONDS = 1

/**
 * Encodes one PCM chunk in slices and yields each slice's bytes as soon as it is encoded.
 * MP3 encoding costs about 3% of real time, so encoding a whole 8-second segment before sending
 * anything would hold the first byte back by a quarter of a second. A remote encoder takes the
 * chunk itself: the caller must not read `samples` afterwards.
 */
export async function* encodeInSlices(
  encoder: WorkerEncoder,
  samples: Float32Array,
  sampleRate: number,
  first: boolean,
  signal?: AbortSignal,
): AsyncGenerator<Uint8Array> {
  if (!encoder.remote) {
    // In-place codecs cost next to nothing: the chunk goes out whole, joins stay at segment edges.
    yield await encoder.encode(samples, { signal })
    return
  }
  // The chunk goes to the encoder thread with its first slice; later slices name a range of it.
  const total = samples.length
  let at = 0
  let size = Math.round((first ? FIRST_SLICE_SECONDS : SLICE_SECONDS) * sampleRate)
  let yielded = false
  while (at < total) {
    if (signal?.aborted) throw new SpeechError('aborted', 'The request was cancelled.')
    const end = Math.min(total, at + size)
    const bytes = await encoder.encodeRange(samples, at, end, { urgent: first && at === 0, signal })
    at = end
    size = Math.round(SLICE_SECONDS * sampleRate)
    // An encoder holding back a partial frame returns nothing: the chunk (and the timings riding
    // on it) goes out with the next bytes, or empty at the end so the timings are not lost.
    if (bytes.length === 0 && (at < total || yielded)) continue
    yielded = true
    yield bytes
  }
}
