import type { OutputFormat } from '../formats/output-formats.js'

/** One output stream's encoder; every format's encoder keeps this shape. */
export interface AudioEncoder {
  readonly format: OutputFormat
  /** Encodes mono samples (-1..1) at `format.sampleRate`; returns the bytes ready so far. */
  encode(samples: Float32Array): Uint8Array
  /** Flushes what is left; the encoder cannot be used afterwards. */
  end(): Uint8Array
  /** Releases the encoder without flushing (a cancelled stream). */
  close(): void
}
