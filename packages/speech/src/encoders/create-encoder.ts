// Incremental encoders: one per output stream, fed float PCM at the format's sample rate.
// A WebSocket session keeps one across many text pieces, so MP3 frames and the bit
// reservoir continue across pieces (no gaps, no broken frames).
import { Mp3Encoder } from '@breezystack/lamejs'
import { type OutputFormat, parseOutputFormat } from '../formats/output-formats.js'
import { encodeG711 } from './g711.js'
import { concatBytes, floatToInt16, int16ToBytesLE } from './pcm16.js'
import { wavHeader } from './wav-header.js'

export interface AudioEncoder {
  readonly format: OutputFormat
  /** Encodes mono samples (-1..1) at `format.sampleRate`; returns the bytes ready so far. */
  encode(samples: Float32Array): Uint8Array
  /** Flushes what is left; the encoder cannot be used afterwards. */
  end(): Uint8Array
}

const MP3_FRAME_SAMPLES = 1152

class Mp3StreamEncoder implements AudioEncoder {
  readonly format: OutputFormat
  private readonly lame: Mp3Encoder
  private pending = new Int16Array(0)

  constructor(format: OutputFormat) {
    this.format = format
    this.lame = new Mp3Encoder(1, format.sampleRate, format.bitrateKbps)
  }

  encode(samples: Float32Array): Uint8Array {
    const input = floatToInt16(samples)
    const all = new Int16Array(this.pending.length + input.length)
    all.set(this.pending)
    all.set(input, this.pending.length)
    const whole = all.length - (all.length % MP3_FRAME_SAMPLES)
    const parts: Uint8Array[] = []
    // lamejs wants whole 1152-sample blocks; keep the remainder for the next call.
    for (let offset = 0; offset < whole; offset += MP3_FRAME_SAMPLES) {
      parts.push(toBytes(this.lame.encodeBuffer(all.subarray(offset, offset + MP3_FRAME_SAMPLES))))
    }
    this.pending = all.slice(whole)
    return concatBytes(parts)
  }

  end(): Uint8Array {
    const parts: Uint8Array[] = []
    if (this.pending.length > 0) {
      const block = new Int16Array(MP3_FRAME_SAMPLES)
      block.set(this.pending)
      parts.push(toBytes(this.lame.encodeBuffer(block.subarray(0, this.pending.length))))
      this.pending = new Int16Array(0)
    }
    parts.push(toBytes(this.lame.flush()))
    return concatBytes(parts)
  }
}

// lamejs returns Int8Array views at run time; copy into plain bytes.
function toBytes(data: Uint8Array | Int8Array): Uint8Array {
  return new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength))
}

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
}

/** Creates an encoder for a format name (`mp3_44100_128`, `pcm_16000`, ...) or a parsed format. */
export function createEncoder(outputFormat: string | OutputFormat): AudioEncoder {
  const format = typeof outputFormat === 'string' ? parseOutputFormat(outputFormat) : outputFormat
  return format.codec === 'mp3' ? new Mp3StreamEncoder(format) : new SimpleEncoder(format)
}
