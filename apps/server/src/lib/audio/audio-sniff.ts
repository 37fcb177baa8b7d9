// Recognises uploaded audio by its bytes, never by its name or declared type, which the
// client controls: WAV, MP3, Ogg (Vorbis, Opus), FLAC, M4A and WebM. Reads the duration from
// the container where that is cheap and exact; null where it is not.

export type AudioKind = 'wav' | 'mp3' | 'ogg' | 'flac' | 'm4a' | 'webm'

export interface SniffedAudio {
  kind: AudioKind
  mimeType: string
  extension: string
  durationSeconds: number | null
}

const MIME: Record<AudioKind, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  webm: 'audio/webm',
}

const ascii = (b: Uint8Array, at: number, length: number) =>
  at + length <= b.length ? String.fromCharCode(...b.subarray(at, at + length)) : ''
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8)
const u32le = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0
const finite = (value: number) =>
  Number.isFinite(value) && value > 0 ? Math.round(value * 1000) / 1000 : null

function wavDuration(b: Uint8Array): number | null | undefined {
  if ((ascii(b, 0, 4) !== 'RIFF' && ascii(b, 0, 4) !== 'RF64') || ascii(b, 8, 4) !== 'WAVE') return undefined
  let byteRate = 0
  for (let at = 12; at + 8 <= b.length; ) {
    const id = ascii(b, at, 4)
    const size = u32le(b, at + 4)
    if (id === 'fmt ' && at + 16 <= b.length) byteRate = u32le(b, at + 16)
    if (id === 'data') {
      const available = Math.min(size, b.length - at - 8)
      return byteRate ? finite(available / byteRate) : null
    }
    at += 8 + size + (size % 2)
  }
  // A RIFF/WAVE file without a fmt and a data chunk is not audio.
  return byteRate ? null : undefined
}

const MP3_BITRATES: Record<string, number[]> = {
  '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
}
const MP3_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
}

/** One MPEG audio frame header: its length in bytes and the seconds it holds. */
function mp3Frame(b: Uint8Array, at: number): { length: number; seconds: number } | null {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return null
  const version = (b[at + 1]! >> 3) & 3
  const layer = 4 - ((b[at + 1]! >> 1) & 3)
  const bitrateIndex = b[at + 2]! >> 4
  const rateIndex = (b[at + 2]! >> 2) & 3
  if (version === 1 || layer === 4 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3)
    return null
  if (layer === 1) return null // Layer I is not "MP3" and too rare to matter.
  const table = version === 3 ? `1-${layer}` : `2-${layer === 1 ? 1 : 2}`
  const bitrate = MP3_BITRATES[table]![bitrateIndex]! * 1000
  const rate = MP3_RATES[version]![rateIndex]!
  const padding = (b[at + 2]! >> 1) & 1
  const samples = layer === 3 && version !== 3 ? 576 : 1152
  const length = Math.floor((samples / 8) * (bitrate / rate)) + padding
  return { length, seconds: samples / rate }
}

function mp3Duration(b: Uint8Array): number | null | undefined {
  let at = 0
  if (ascii(b, 0, 3) === 'ID3' && b.length >= 10) {
    const size = ((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f)
    at = 10 + size + (b[5]! & 0x10 ? 10 : 0)
  }
  const first = mp3Frame(b, at)
  // A whole first frame followed by another header (or the end of the file): random bytes
  // rarely do that.
  if (!first || at + first.length > b.length) return undefined
  if (at + first.length < b.length && !mp3Frame(b, at + first.length)) return undefined
  let seconds = 0
  for (let frame: ReturnType<typeof mp3Frame> = first; frame; frame = mp3Frame(b, at)) {
    seconds += frame.seconds
    at += frame.length
  }
  return finite(seconds)
}

function oggDuration(b: Uint8Array): number | null | undefined {
  if (ascii(b, 0, 4) !== 'OggS' || b.length < 28) return undefined
  const packet = 27 + b[26]!
  let rate = 0
  let preSkip = 0
  if (ascii(b, packet, 7) === '\x01vorbis') rate = u32le(b, packet + 12)
  else if (ascii(b, packet, 8) === 'OpusHead') {
    rate = 48000
    preSkip = u16le(b, packet + 10)
  }
  if (!rate) return null
  for (let at = b.length - 14; at >= Math.max(0, b.length - 65_536); at--) {
    if (b[at] === 0x4f && ascii(b, at, 4) === 'OggS') {
      const granule = u32le(b, at + 6) + u32le(b, at + 10) * 2 ** 32
      return finite((granule - preSkip) / rate)
    }
  }
  return null
}

function flacDuration(b: Uint8Array): number | null | undefined {
  if (ascii(b, 0, 4) !== 'fLaC') return undefined
  if (b.length < 26 || (b[4]! & 0x7f) !== 0) return null
  const rate = (b[18]! << 12) | (b[19]! << 4) | (b[20]! >> 4)
  const total = (b[21]! & 0x0f) * 2 ** 32 + u32be(b, 22)
  return rate ? finite(total / rate) : null
}

const MP4_BRANDS = new Set([
  'M4A ',
  'M4B ',
  'mp41',
  'mp42',
  'isom',
  'iso2',
  'iso5',
  'iso6',
  'dash',
  'MSNV',
  'qt  ',
])

function m4aDuration(b: Uint8Array): number | null | undefined {
  if (ascii(b, 4, 4) !== 'ftyp' || !MP4_BRANDS.has(ascii(b, 8, 4))) return undefined
  const box = (from: number, to: number, type: string): [number, number] | null => {
    for (let at = from; at + 8 <= to; ) {
      let size = u32be(b, at)
      let header = 8
      if (size === 1 && at + 16 <= to) {
        size = u32be(b, at + 8) * 2 ** 32 + u32be(b, at + 12)
        header = 16
      } else if (size === 0) size = to - at
      if (size < header) return null
      if (ascii(b, at + 4, 4) === type) return [at + header, Math.min(at + size, to)]
      at += size
    }
    return null
  }
  const moov = box(0, b.length, 'moov')
  const mvhd = moov && box(moov[0], moov[1], 'mvhd')
  if (!mvhd) return null
  const [at] = mvhd
  const v1 = b[at] === 1
  const scale = u32be(b, at + (v1 ? 20 : 12))
  const duration = v1 ? u32be(b, at + 24) * 2 ** 32 + u32be(b, at + 28) : u32be(b, at + 16)
  return scale ? finite(duration / scale) : null
}

const SNIFFERS: Array<[AudioKind, (b: Uint8Array) => number | null | undefined]> = [
  ['wav', wavDuration],
  ['flac', flacDuration],
  ['ogg', oggDuration],
  ['m4a', m4aDuration],
  ['mp3', mp3Duration],
  ['webm', (b) => (u32be(b, 0) === 0x1a45dfa3 ? null : undefined)],
]

/** The audio format of `bytes`, or null when they are not audio we accept. */
export function sniffAudio(bytes: Uint8Array): SniffedAudio | null {
  if (bytes.length < 12) return null
  for (const [kind, sniff] of SNIFFERS) {
    const duration = sniff(bytes)
    if (duration !== undefined) {
      return { kind, mimeType: MIME[kind], extension: kind, durationSeconds: duration }
    }
  }
  return null
}
