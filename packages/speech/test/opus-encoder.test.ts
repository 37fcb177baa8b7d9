import { describe, expect, it } from 'vitest'
import { oggCrc } from '../src/encoders/ogg-pages.js'
import { OPUS_FRAME_SAMPLES, OPUS_PRE_SKIP } from '../src/encoders/opus-encoder.js'
import { concatBytes } from '../src/encoders/pcm16.js'
import { createEncoder, OUTPUT_FORMATS } from '../src/index.js'
import { probeAudio } from './helpers/ffprobe.js'

function tone(seconds: number, rate: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * rate))
  for (let i = 0; i < out.length; i++)
    out[i] = 0.4 * Math.sin((2 * Math.PI * 220 * i) / rate) * (1 + 0.3 * Math.sin(i / 900))
  return out
}

/** Encodes in slices and returns each call's bytes, as a stream would send them. */
function encodeSlices(format: string, samples: Float32Array, sliceSamples: number): Uint8Array[] {
  const encoder = createEncoder(format)
  const parts: Uint8Array[] = []
  for (let at = 0; at < samples.length; at += sliceSamples)
    parts.push(encoder.encode(samples.subarray(at, at + sliceSamples)))
  parts.push(encoder.end())
  return parts
}

interface Page {
  flags: number
  granule: bigint
  sequence: number
  crcOk: boolean
  packets: Uint8Array[]
}

/** An Ogg page reader for the test: checks capture patterns and CRCs. */
function readPages(bytes: Uint8Array): Page[] {
  const pages: Page[] = []
  let at = 0
  while (at < bytes.length) {
    const view = new DataView(bytes.buffer, bytes.byteOffset + at)
    expect(String.fromCharCode(...bytes.subarray(at, at + 4))).toBe('OggS')
    const segments = bytes[at + 26]!
    const lacing = bytes.subarray(at + 27, at + 27 + segments)
    const bodyBytes = lacing.reduce((a, b) => a + b, 0)
    const length = 27 + segments + bodyBytes
    const page = bytes.slice(at, at + length)
    const stored = view.getUint32(22, true)
    page.fill(0, 22, 26)
    const packets: Uint8Array[] = []
    let offset = at + 27 + segments
    let size = 0
    for (const value of lacing) {
      size += value
      if (value < 255) {
        packets.push(bytes.subarray(offset, offset + size))
        offset += size
        size = 0
      }
    }
    pages.push({
      flags: bytes[at + 5]!,
      granule: view.getBigInt64(6, true),
      sequence: view.getUint32(18, true),
      crcOk: oggCrc(page) === stored,
      packets,
    })
    at += length
  }
  return pages
}

describe('Opus encoder (Ogg Opus)', () => {
  for (const id of Object.keys(OUTPUT_FORMATS).filter((f) => f.startsWith('opus_'))) {
    it(`${id}: ffprobe reads Opus, 48 kHz, mono, the input's duration`, async () => {
      const input = tone(2.5, 48000)
      const bytes = concatBytes(encodeSlices(id, input, 24000))
      const probe = await probeAudio(bytes, 'opus')
      expect(probe).toMatchObject({ codec: 'opus', sampleRate: 48000, channels: 1, errors: '' })
      expect(Math.abs(probe.durationSeconds - 2.5)).toBeLessThan(0.01)
      expect(probe.decodedFrames).toBe(Math.ceil((input.length + OPUS_PRE_SKIP) / OPUS_FRAME_SAMPLES))
      // Bitrate near the name's (headers and Ogg overhead aside).
      const kbps = (bytes.length * 8) / 2.5 / 1000
      expect(kbps).toBeGreaterThan(OUTPUT_FORMATS[id]!.bitrateKbps * 0.5)
      expect(kbps).toBeLessThan(OUTPUT_FORMATS[id]!.bitrateKbps * 1.5)
    })
  }

  it('writes headers, CRCs, granule positions and the end-of-stream flag per RFC 7845', () => {
    const input = tone(1.3, 48000)
    const pages = readPages(concatBytes(encodeSlices('opus_48000_192', input, 7000)))
    expect(pages.every((p) => p.crcOk)).toBe(true)
    expect(pages.map((p) => p.sequence)).toEqual(pages.map((_, i) => i))
    const [head, tags, ...audio] = pages
    expect(head!.flags).toBe(0x02)
    expect(String.fromCharCode(...head!.packets[0]!.subarray(0, 8))).toBe('OpusHead')
    expect(new DataView(head!.packets[0]!.buffer, head!.packets[0]!.byteOffset).getUint16(10, true)).toBe(
      OPUS_PRE_SKIP,
    )
    expect(String.fromCharCode(...tags!.packets[0]!.subarray(0, 8))).toBe('OpusTags')
    let packets = 0
    for (const page of audio.slice(0, -1)) {
      packets += page.packets.length
      expect(page.flags).toBe(0)
      expect(page.granule).toBe(BigInt(packets * OPUS_FRAME_SAMPLES))
    }
    const last = audio.at(-1)!
    expect(last.flags).toBe(0x04)
    expect(last.granule).toBe(BigInt(OPUS_PRE_SKIP + input.length))
  })

  it('sends the headers and the first audio with the first slice; slices join into one valid stream', async () => {
    const input = tone(3, 48000)
    const parts = encodeSlices('opus_48000_64', input, 24000)
    expect(readPages(parts[0]!).length).toBeGreaterThanOrEqual(3)
    const probe = await probeAudio(concatBytes(parts), 'opus')
    expect(probe.errors).toBe('')
    expect(Math.abs(probe.durationSeconds - 3)).toBeLessThan(0.01)
  })

  it('gives a valid, empty stream when nothing was encoded', async () => {
    const encoder = createEncoder('opus_48000_32')
    const probe = await probeAudio(encoder.end(), 'opus')
    expect(probe).toMatchObject({ codec: 'opus', errors: '' })
  })
})
