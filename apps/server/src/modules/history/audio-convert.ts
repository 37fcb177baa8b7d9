import { decodeG711, OUTPUT_FORMATS, wavHeader } from '@timbre/speech'
import { AppError } from '../../errors.js'

// WAV conversion for `POST /v1/history/download` with `output_format: "wav"` (public API:
// "Output format to transcode the audio file, can be wav or default"). Stored audio is in
// the format it was generated in: MP3 is decoded by mpg123 (WebAssembly, mpg123-decoder), Ogg
// Opus by libopus (WebAssembly, ogg-opus-decoder), PCM and G.711 are unpacked here; the result is 16-bit mono WAV at the source's rate.

export type StoredCodec = 'mp3' | 'opus' | 'pcm' | 'wav' | 'ulaw' | 'alaw'

export interface StoredAudioFormat {
  codec: StoredCodec
  sampleRate: number
}

/** What the stored bytes are, from the item's `output_format` (else its content type). */
export function storedAudioFormat(outputFormat: string, contentType: string): StoredAudioFormat | null {
  const known = OUTPUT_FORMATS[outputFormat]
  if (known) return { codec: known.codec, sampleRate: known.sampleRate }
  if (contentType === 'audio/mpeg') return { codec: 'mp3', sampleRate: 0 }
  if (contentType === 'audio/ogg' || contentType === 'audio/opus') return { codec: 'opus', sampleRate: 0 }
  if (contentType === 'audio/wav' || contentType === 'audio/x-wav') return { codec: 'wav', sampleRate: 0 }
  return null
}

function int16ToWav(samples: Int16Array, sampleRate: number): Uint8Array {
  const out = new Uint8Array(44 + samples.length * 2)
  out.set(wavHeader(sampleRate, samples.length * 2))
  const view = new DataView(out.buffer)
  for (let i = 0; i < samples.length; i++) view.setInt16(44 + i * 2, samples[i] ?? 0, true)
  return out
}

function floatToInt16(channels: readonly Float32Array[], length: number): Int16Array {
  const out = new Int16Array(length)
  const count = channels.length
  for (let i = 0; i < length; i++) {
    let sum = 0
    for (const channel of channels) sum += channel[i] ?? 0
    const value = Math.max(-1, Math.min(1, sum / count))
    out[i] = value < 0 ? Math.round(value * 0x8000) : Math.round(value * 0x7fff)
  }
  return out
}

// The WASM decoders are loaded on the first download that needs one, not at start.

async function decodeMp3(bytes: Uint8Array): Promise<{ samples: Int16Array; sampleRate: number }> {
  const { MPEGDecoder } = await import('mpg123-decoder')
  const decoder = new MPEGDecoder()
  try {
    await decoder.ready
    const decoded = decoder.decode(bytes)
    if (decoded.samplesDecoded === 0 || decoded.channelData.length === 0) {
      throw new AppError('audio_conversion_failed', { message: 'The stored MP3 audio could not be decoded.' })
    }
    return {
      samples: floatToInt16(decoded.channelData, decoded.samplesDecoded),
      sampleRate: decoded.sampleRate,
    }
  } finally {
    decoder.free()
  }
}

async function decodeOpus(bytes: Uint8Array): Promise<{ samples: Int16Array; sampleRate: number }> {
  const { OggOpusDecoder } = await import('ogg-opus-decoder')
  const decoder = new OggOpusDecoder()
  try {
    await decoder.ready
    const decoded = await decoder.decodeFile(bytes)
    if (decoded.samplesDecoded === 0 || decoded.channelData.length === 0 || decoded.errors.length > 0) {
      throw new AppError('audio_conversion_failed', {
        message: 'The stored Opus audio could not be decoded.',
      })
    }
    return {
      samples: floatToInt16(decoded.channelData, decoded.samplesDecoded),
      sampleRate: decoded.sampleRate,
    }
  } finally {
    decoder.free()
  }
}

/** Converts stored audio to a WAV file; WAV input is returned as it is. */
export async function convertToWav(bytes: Uint8Array, format: StoredAudioFormat): Promise<Uint8Array> {
  switch (format.codec) {
    case 'wav':
      return bytes
    case 'pcm': {
      const even = bytes.subarray(0, bytes.length - (bytes.length % 2))
      const samples = new Int16Array(even.length / 2)
      const view = new DataView(even.buffer, even.byteOffset, even.byteLength)
      for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true)
      return int16ToWav(samples, format.sampleRate)
    }
    case 'ulaw':
    case 'alaw':
      return int16ToWav(decodeG711(bytes, format.codec), format.sampleRate)
    case 'mp3': {
      const { samples, sampleRate } = await decodeMp3(bytes)
      return int16ToWav(samples, sampleRate)
    }
    case 'opus': {
      const { samples, sampleRate } = await decodeOpus(bytes)
      return int16ToWav(samples, sampleRate)
    }
  }
}
