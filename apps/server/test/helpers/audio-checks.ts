/** Parses the first MPEG audio frame header: sample rate and bitrate (MPEG-1/2 layer III). */
export function mp3FrameInfo(bytes: Uint8Array): { sampleRate: number; bitrateKbps: number } | null {
  let i = 0
  // Skip an ID3v2 tag if present.
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    i =
      10 +
      (((bytes[6]! & 0x7f) << 21) |
        ((bytes[7]! & 0x7f) << 14) |
        ((bytes[8]! & 0x7f) << 7) |
        (bytes[9]! & 0x7f))
  }
  for (; i + 4 < bytes.length; i++) {
    if (bytes[i] !== 0xff || (bytes[i + 1]! & 0xe0) !== 0xe0) continue
    const version = (bytes[i + 1]! >> 3) & 0x03 // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
    const layer = (bytes[i + 1]! >> 1) & 0x03 // 1 = layer III
    if (layer !== 1 || version === 1) continue
    const bitrateIndex = bytes[i + 2]! >> 4
    const rateIndex = (bytes[i + 2]! >> 2) & 0x03
    if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) continue
    const v1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
    const v2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
    const rates =
      version === 3 ? [44100, 48000, 32000] : version === 2 ? [22050, 24000, 16000] : [11025, 12000, 8000]
    return { sampleRate: rates[rateIndex]!, bitrateKbps: (version === 3 ? v1 : v2)[bitrateIndex]! }
  }
  return null
}

/** RMS of little-endian 16-bit PCM, 0..1. */
export function pcm16Rms(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let sum = 0
  const n = Math.floor(bytes.length / 2)
  for (let i = 0; i < n; i++) {
    const s = view.getInt16(i * 2, true) / 32768
    sum += s * s
  }
  return n === 0 ? 0 : Math.sqrt(sum / n)
}
