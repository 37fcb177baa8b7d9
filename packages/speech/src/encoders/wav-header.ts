// RIFF/WAVE header for 16-bit mono PCM. A stream does not know its length when the header
// goes out, so streamed WAV carries 0xFFFFFFFF sizes (as streaming tools do) and whole
// files get the real sizes through `finalizeWav`.

export const WAV_HEADER_BYTES = 44
const UNKNOWN_SIZE = 0xffffffff

export function wavHeader(sampleRate: number, dataBytes: number | null): Uint8Array {
  const header = new Uint8Array(WAV_HEADER_BYTES)
  const view = new DataView(header.buffer)
  const ascii = (offset: number, text: string): void => {
    for (let i = 0; i < text.length; i++) header[offset + i] = text.charCodeAt(i)
  }
  ascii(0, 'RIFF')
  view.setUint32(4, dataBytes === null ? UNKNOWN_SIZE : 36 + dataBytes, true)
  ascii(8, 'WAVE')
  ascii(12, 'fmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true) // PCM
  view.setUint16(22, 1, true) // mono
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate * 2, true)
  view.setUint16(32, 2, true)
  view.setUint16(34, 16, true)
  ascii(36, 'data')
  view.setUint32(40, dataBytes === null ? UNKNOWN_SIZE : dataBytes, true)
  return header
}

/** Writes the real sizes into a complete WAV produced by the streaming encoder (in place). */
export function finalizeWav(bytes: Uint8Array): Uint8Array {
  if (bytes.length < WAV_HEADER_BYTES) return bytes
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const dataBytes = bytes.length - WAV_HEADER_BYTES
  view.setUint32(4, 36 + dataBytes, true)
  view.setUint32(40, dataBytes, true)
  return bytes
}
