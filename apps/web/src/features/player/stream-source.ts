/** An audio source that may still be arriving: a URL to play now, and the whole audio later. */
export type StreamSource = { url: string; complete: Promise<Blob>; streaming: boolean }

const MPEG = 'audio/mpeg'
const WAV_TYPES = new Set(['audio/wav', 'audio/wave', 'audio/x-wav'])
const WAV_HEADER_BYTES = 44

/**
 * A streamed WAV says "size unknown" in its header (it was sent before the length was known);
 * the whole file kept for playing and downloading gets its real RIFF and data sizes.
 */
export function finishedWav(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const isWav =
    bytes.length >= WAV_HEADER_BYTES &&
    view.getUint32(0, false) === 0x52494646 && // RIFF
    view.getUint32(36, false) === 0x64617461 // data
  if (!isWav) return bytes
  view.setUint32(4, bytes.length - 8, true)
  view.setUint32(40, bytes.length - WAV_HEADER_BYTES, true)
  return bytes
}

function canStream(contentType: string): boolean {
  return (
    contentType === MPEG &&
    typeof MediaSource !== 'undefined' &&
    typeof MediaSource.isTypeSupported === 'function' &&
    MediaSource.isTypeSupported(MPEG)
  )
}

function appended(buffer: SourceBuffer, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      buffer.removeEventListener('updateend', done)
      buffer.removeEventListener('error', fail)
      resolve()
    }
    const fail = () => {
      buffer.removeEventListener('updateend', done)
      buffer.removeEventListener('error', fail)
      reject(new Error('The browser could not append the audio'))
    }
    buffer.addEventListener('updateend', done)
    buffer.addEventListener('error', fail)
    buffer.appendBuffer(chunk as Uint8Array<ArrayBuffer>)
  })
}

/**
 * Plays an audio response while it arrives: MP3 goes through MediaSource when the browser
 * supports it; anything else (or a browser without MediaSource) is read in full, then played.
 * `complete` resolves with the whole audio either way.
 */
export function streamSource(response: Response): StreamSource {
  const contentType = (response.headers.get('content-type') ?? MPEG).split(';')[0]?.trim() ?? MPEG
  const body = response.body
  if (!body || !canStream(contentType)) {
    const complete = response.arrayBuffer().then((buffer) => {
      const bytes = new Uint8Array(buffer)
      const audio = WAV_TYPES.has(contentType) ? finishedWav(bytes) : bytes
      return new Blob([audio as Uint8Array<ArrayBuffer>], { type: contentType })
    })
    // The URL is created once the audio is complete; callers await `complete` first.
    return { url: '', complete, streaming: false }
  }
  const media = new MediaSource()
  const url = URL.createObjectURL(media)
  const complete = new Promise<Blob>((resolve, reject) => {
    media.addEventListener(
      'sourceopen',
      () => {
        void (async () => {
          const chunks: Uint8Array[] = []
          try {
            const buffer = media.addSourceBuffer(MPEG)
            const reader = body.getReader()
            for (;;) {
              const { done, value } = await reader.read()
              if (done) break
              chunks.push(value)
              await appended(buffer, value)
            }
            if (media.readyState === 'open') media.endOfStream()
            resolve(new Blob(chunks as BlobPart[], { type: MPEG }))
          } catch (error) {
            if (media.readyState === 'open') media.endOfStream('decode')
            reject(error)
          }
        })()
      },
      { once: true },
    )
  })
  return { url, complete, streaming: true }
}
