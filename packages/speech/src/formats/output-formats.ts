// Output formats of the public API (`output_format` query parameter): MP3 at 128 kbps is the
// default, 192 kbps the higher quality, 44.1 kHz PCM is for higher plans (plan gating is the
// server's job; the default itself is a product constant shared with the server).
import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import { SpeechError } from '../errors.js'

export { DEFAULT_OUTPUT_FORMAT }

export type Codec = 'mp3' | 'opus' | 'pcm' | 'ulaw' | 'alaw' | 'wav'

export interface OutputFormat {
  /** The public name, e.g. `mp3_44100_128`. */
  id: string
  codec: Codec
  sampleRate: number
  /** MP3 and Opus bitrate in kbps; for the others the raw bitrate. */
  bitrateKbps: number
  contentType: string
  fileExtension: string
}

const PCM_RATES = [8000, 16000, 22050, 24000, 44100, 48000] as const
const MP3_FORMATS: readonly [number, number][] = [
  [22050, 32],
  [24000, 48],
  [44100, 32],
  [44100, 64],
  [44100, 96],
  [44100, 128],
  [44100, 192],
]
/** Opus always runs at 48 kHz; Ogg Opus files are `audio/ogg` with the `.opus` extension (RFC 7845). */
const OPUS_BITRATES = [32, 64, 96, 128, 192] as const

function build(): Record<string, OutputFormat> {
  const formats: Record<string, OutputFormat> = {}
  const add = (format: OutputFormat): void => {
    formats[format.id] = format
  }
  for (const [rate, kbps] of MP3_FORMATS) {
    add({
      id: `mp3_${rate}_${kbps}`,
      codec: 'mp3',
      sampleRate: rate,
      bitrateKbps: kbps,
      contentType: 'audio/mpeg',
      fileExtension: 'mp3',
    })
  }
  for (const kbps of OPUS_BITRATES) {
    add({
      id: `opus_48000_${kbps}`,
      codec: 'opus',
      sampleRate: 48000,
      bitrateKbps: kbps,
      contentType: 'audio/ogg',
      fileExtension: 'opus',
    })
  }
  for (const rate of PCM_RATES) {
    const raw = (rate * 16) / 1000
    add({
      id: `pcm_${rate}`,
      codec: 'pcm',
      sampleRate: rate,
      bitrateKbps: raw,
      contentType: 'audio/pcm',
      fileExtension: 'pcm',
    })
    add({
      id: `wav_${rate}`,
      codec: 'wav',
      sampleRate: rate,
      bitrateKbps: raw,
      contentType: 'audio/wav',
      fileExtension: 'wav',
    })
  }
  add({
    id: 'ulaw_8000',
    codec: 'ulaw',
    sampleRate: 8000,
    bitrateKbps: 64,
    contentType: 'audio/basic',
    fileExtension: 'ulaw',
  })
  add({
    id: 'alaw_8000',
    codec: 'alaw',
    sampleRate: 8000,
    bitrateKbps: 64,
    contentType: 'audio/x-alaw-basic',
    fileExtension: 'alaw',
  })
  return formats
}

export const OUTPUT_FORMATS: Readonly<Record<string, OutputFormat>> = Object.freeze(build())

/** Parses a public format name; `null`/`undefined`/empty means the default (MP3). */
export function parseOutputFormat(value: string | null | undefined): OutputFormat {
  const id = value === null || value === undefined || value === '' ? DEFAULT_OUTPUT_FORMAT : value
  const format = OUTPUT_FORMATS[id]
  if (!format) {
    throw new SpeechError(
      'invalid_output_format',
      `Unknown output format '${id}'. Supported: ${Object.keys(OUTPUT_FORMATS).join(', ')}.`,
      'output_format',
    )
  }
  return format
}
