// Incremental encoders: one per output stream, fed float PCM at the format's sample rate.
// A WebSocket session keeps one across many text pieces, so MP3 frames, Opus pages and the
// encoders' state continue across pieces (no gaps, no broken frames).
import { type OutputFormat, parseOutputFormat } from '../formats/output-formats.js'
import type { AudioEncoder } from './audio-encoder.js'
import { encodeG711 } from './g711.js'
import { Mp3StreamEncoder } from './mp3-encoder.js'
import { OpusOggEncoder } from './opus-encoder.js'
import { concatBytes, floatToInt16, int16ToBytesLE } from './pcm16.js'
import { finalizeWav, wavHeader } from './wav-header.js'

export type { AudioEncoder } from './audio-encoder.js'

class SimpleEncoder implements AudioEncoder {
  readonly format: OutputFormat
  private headerSent = false

  constructor(format: OutputFormat) {
    this.format = format
  }

  encode(samples: Float32Array): Uint8Array {
    const pcm = floatToInt16(samples)
    const body =
      this.format.codec === 'ulaw' || this.format.codec === 'alaw'
        ? encodeG711(pcm, this.format.codec)
        : int16ToBytesLE(pcm)
    if (this.format.codec === 'wav' && !this.headerSent) {
      this.headerSent = true
      return concatBytes([wavHeader(this.format.sampleRate, null), body])
    }
    return body
  }

  end(): Uint8Array {
    if (this.format.codec === 'wav' && !this.headerSent) {
      this.headerSent = true
      return wavHeader(this.format.sampleRate, null)
    }
    return new Uint8Array(0)
  }

  close(): void {}
}

/** Creates an encoder for a format name (`mp3_44100_128`, `opus_48000_64`, ...) or a parsed format. */
export function createEncoder(outputFormat: string | OutputFormat): AudioEncoder {
  const format = typeof outputFormat === 'string' ? parseOutputFormat(outputFormat) : outputFormat
  if (format.codec === 'mp3') return new Mp3StreamEncoder(format)
  if (format.codec === 'opus') return new OpusOggEncoder(format)
  return new SimpleEncoder(format)
}

/**
 * Encodes a whole recording as one finished file: unlike a stream, a WAV carries its real
 * RIFF and data sizes.
 */
export function encodeWhole(outputFormat: string | OutputFormat, samples: Float32Array): Uint8Array {
  const encoder = createEncoder(outputFormat)
  try {
    const audio = concatBytes([encoder.encode(samples), encoder.end()])
    return encoder.format.codec === 'wav' ? finalizeWav(audio) : audio
  } finally {
    encoder.close()
  }
}

/** Codecs whose encoding costs enough to run in a worker thread (the rest encode in place). */
export function isCostlyCodec(format: OutputFormat): boolean {
  return format.codec === 'mp3' || format.codec === 'opus'
}
