// An independent MP3 frame-header reader for tests: walks the stream frame by frame and
// fails on anything that is not a valid Layer III frame.

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
const RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
}

export interface Mp3Frame {
  offset: number
  length: number
  bitrateKbps: number
  sampleRate: number
  samples: number
}

export function parseMp3Frames(bytes: Uint8Array): Mp3Frame[] {
  const frames: Mp3Frame[] = []
  let offset = 0
  while (offset + 4 <= bytes.length) {
    const b1 = bytes[offset + 1]!
    const b2 = bytes[offset + 2]!
    if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`no frame sync at byte ${offset}`)
    const version = (b1 >> 3) & 3
    const layer = (b1 >> 1) & 3
    if (layer !== 1) throw new Error(`not Layer III at byte ${offset}`)
    const bitrateIndex = b2 >> 4
    const rateIndex = (b2 >> 2) & 3
    const padding = (b2 >> 1) & 1
    const rates = RATES[version]
    if (!rates || rateIndex === 3 || bitrateIndex === 0 || bitrateIndex === 15) {
      throw new Error(`bad header at byte ${offset}`)
    }
    const sampleRate = rates[rateIndex]!
    const mpeg1 = version === 3
    const bitrateKbps = (mpeg1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]!
    const length = Math.floor(((mpeg1 ? 144 : 72) * bitrateKbps * 1000) / sampleRate) + padding
    frames.push({ offset, length, bitrateKbps, sampleRate, samples: mpeg1 ? 1152 : 576 })
    offset += length
  }
  if (offset !== bytes.length) throw new Error(`trailing ${bytes.length - offset} bytes after the last frame`)
  return frames
}
