import { decodeWaveToFloat32Channels } from '@echogarden/wave-codec'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { concatBytes, floatToInt16 } from '../src/encoders/pcm16.js'
import {
  createEncoder,
  decodeG711,
  encodeG711,
  encodeWhole,
  finalizeWav,
  linearToAlaw,
  linearToMulaw,
  OUTPUT_FORMATS,
  parseOutputFormat,
} from '../src/index.js'
import { parseMp3Frames } from './helpers/mp3-frames.js'

function tone(seconds: number, rate: number, hz = 220): Float32Array {
  const out = new Float32Array(Math.round(seconds * rate))
  for (let i = 0; i < out.length; i++)
    out[i] = 0.4 * Math.sin((2 * Math.PI * hz * i) / rate) * (1 + 0.3 * Math.sin(i / 900))
  return out
}

function encodeInPieces(format: string, samples: Float32Array, pieces: number[]): Uint8Array {
  const encoder = createEncoder(format)
  const parts: Uint8Array[] = []
  let offset = 0
  for (const size of pieces) {
    parts.push(encoder.encode(samples.subarray(offset, offset + size)))
    offset += size
  }
  parts.push(encoder.encode(samples.subarray(offset)))
  parts.push(encoder.end())
  return concatBytes(parts)
}

describe('output formats', () => {
  it('has the public formats with content types and extensions', () => {
    for (const id of [
      'mp3_22050_32',
      'mp3_44100_32',
      'mp3_44100_64',
      'mp3_44100_96',
      'mp3_44100_128',
      'mp3_44100_192',
    ]) {
      expect(OUTPUT_FORMATS[id]).toMatchObject({
        codec: 'mp3',
        contentType: 'audio/mpeg',
        fileExtension: 'mp3',
      })
    }
    for (const rate of [8000, 16000, 22050, 24000, 44100, 48000]) {
      expect(OUTPUT_FORMATS[`pcm_${rate}`]).toMatchObject({
        codec: 'pcm',
        sampleRate: rate,
        fileExtension: 'pcm',
      })
      expect(OUTPUT_FORMATS[`wav_${rate}`]).toMatchObject({
        codec: 'wav',
        sampleRate: rate,
        contentType: 'audio/wav',
      })
    }
    expect(OUTPUT_FORMATS.ulaw_8000).toMatchObject({ codec: 'ulaw', sampleRate: 8000 })
    expect(OUTPUT_FORMATS.alaw_8000).toMatchObject({ codec: 'alaw', sampleRate: 8000 })
  })

  it('defaults to MP3 and refuses unknown names', () => {
    expect(parseOutputFormat(null).id).toBe('mp3_44100_128')
    expect(() => parseOutputFormat('mp3_44100_999')).toThrow(
      expect.objectContaining({ code: 'invalid_output_format' }),
    )
    for (const id of ['opus_44100_64', 'opus_48000_50', 'opus_48000']) {
      expect(() => parseOutputFormat(id)).toThrow(
        expect.objectContaining({
          code: 'invalid_output_format',
          message: expect.stringContaining(`'${id}'`),
        }),
      )
    }
  })

  it('has the Opus formats: Ogg Opus at 48 kHz', () => {
    for (const kbps of [32, 64, 96, 128, 192]) {
      expect(OUTPUT_FORMATS[`opus_48000_${kbps}`]).toMatchObject({
        codec: 'opus',
        sampleRate: 48000,
        bitrateKbps: kbps,
        contentType: 'audio/ogg',
        fileExtension: 'opus',
      })
    }
  })
})

describe('MP3 encoder', () => {
  for (const id of Object.keys(OUTPUT_FORMATS).filter((f) => f.startsWith('mp3_'))) {
    it(`${id}: frames carry the right sample rate and bitrate; duration matches`, () => {
      const format = parseOutputFormat(id)
      const input = tone(2, format.sampleRate)
      const frames = parseMp3Frames(encodeInPieces(id, input, [1000, 5000, 333]))
      // The rate the name says, 32 kbps included (LAME on its own would resample that to 22.05 kHz).
      expect(new Set(frames.map((f) => f.sampleRate))).toEqual(new Set([format.sampleRate]))
      expect(new Set(frames.map((f) => f.bitrateKbps))).toEqual(new Set([format.bitrateKbps]))
      const seconds = frames.reduce((sum, f) => sum + f.samples / f.sampleRate, 0)
      // Encoder delay and the last partial frame add a few frames at most.
      expect(seconds).toBeGreaterThanOrEqual(2)
      expect(seconds - 2).toBeLessThanOrEqual((frames[0]!.samples * 3) / frames[0]!.sampleRate)
    })
  }

  it('gives the same bytes however the input is split (frames continue across pieces)', () => {
    const input = tone(1.5, 44100)
    const whole = encodeInPieces('mp3_44100_128', input, [])
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6000 }), { maxLength: 8 }), (pieces) => {
        expect(encodeInPieces('mp3_44100_128', input, pieces)).toEqual(whole)
      }),
      { numRuns: 15 },
    )
  })

  it('starts clean on an instance a dropped stream of another format gave back', () => {
    const input = tone(1, 44100)
    const first = encodeInPieces('mp3_44100_128', input, [700])
    // Streams cancelled mid-way (no flush), at other rates, hand their instances back.
    for (const id of ['mp3_22050_32', 'mp3_44100_192']) {
      const dropped = createEncoder(id)
      dropped.encode(tone(0.3, parseOutputFormat(id).sampleRate))
      dropped.close()
    }
    expect(encodeInPieces('mp3_44100_128', input, [700])).toEqual(first)
  })
})

describe('PCM and WAV encoders', () => {
  it('writes raw little-endian 16-bit PCM', () => {
    const bytes = encodeInPieces('pcm_16000', new Float32Array([0, 0.5, -0.5, 1, -1]), [2])
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    expect([0, 2, 4, 6, 8].map((o) => view.getInt16(o, true))).toEqual([0, 16384, -16383, 32767, -32767])
  })

  it('a whole WAV carries its real sizes; a streamed one says the size is unknown', () => {
    const input = tone(0.5, 16000)
    const whole = encodeWhole('wav_16000', input)
    const view = new DataView(whole.buffer, whole.byteOffset, whole.byteLength)
    expect(view.getUint32(4, true)).toBe(whole.length - 8)
    expect(view.getUint32(40, true)).toBe(input.length * 2)
    expect(whole.length).toBe(44 + input.length * 2)
    const streamed = encodeInPieces('wav_16000', input, [100])
    const open = new DataView(streamed.buffer, streamed.byteOffset, streamed.byteLength)
    expect(open.getUint32(4, true)).toBe(0xffffffff)
    expect(open.getUint32(40, true)).toBe(0xffffffff)
    expect(encodeWhole('mp3_44100_128', input)[0]).toBe(0xff)
  })

  it('writes a WAV that an independent decoder reads back', () => {
    const input = tone(0.75, 24000)
    const bytes = finalizeWav(encodeInPieces('wav_24000', input, [100, 999]))
    const { audioChannels, sampleRate } = decodeWaveToFloat32Channels(bytes)
    expect(sampleRate).toBe(24000)
    expect(audioChannels).toHaveLength(1)
    expect(audioChannels[0]!.length).toBe(input.length)
    const expected = floatToInt16(input)
    expect(Math.abs(audioChannels[0]![1234]! * 32768 - expected[1234]!)).toBeLessThan(2)
  })
})

describe('G.711', () => {
  it('encodes known values', () => {
    expect(linearToMulaw(0)).toBe(0xff)
    expect(linearToAlaw(0)).toBe(0xd5)
  })

  it('round-trips within the companding step', () => {
    fc.assert(
      fc.property(fc.integer({ min: -32768, max: 32767 }), (x) => {
        for (const law of ['ulaw', 'alaw'] as const) {
          const y = decodeG711(encodeG711(Int16Array.of(x), law), law)[0]!
          expect(Math.abs(y - x)).toBeLessThanOrEqual(Math.abs(x) * 0.04 + 40)
        }
      }),
    )
  })

  it('is stable on its own code words', () => {
    for (const law of ['ulaw', 'alaw'] as const) {
      const codes = Uint8Array.from({ length: 256 }, (_, i) => i)
      const decoded = decodeG711(codes, law)
      expect(decodeG711(encodeG711(decoded, law), law)).toEqual(decoded)
    }
  })
})
