// Audio crosses the service's thread without being copied: a render thread pads its segment
// with the stream's silence, and an encoder thread takes a chunk once and encodes it range by
// range. These check that the ranges give the same MP3 as the copying path, that the chunk was
// handed over (its buffer detached here), and the padding.
import { afterAll, describe, expect, it } from 'vitest'
import { OUTPUT_FORMATS } from '../src/index.js'
import { WorkerPool } from '../src/pool/worker-pool.js'
import { encodeInSlices } from '../src/service/encode-slices.js'
import { encoderFor } from '../src/service/worker-encoder.js'
import type { SegmentAudio } from '../src/synthesis/segment-job.js'
import { helloJob } from './helpers/fixtures.js'

const pool = new WorkerPool(1, { encoderThreads: 1 })
afterAll(() => pool.close())

const format = Object.values(OUTPUT_FORMATS).find((f) => f.id === 'mp3_44100_128')!

function tone(seconds: number): Float32Array {
  return Float32Array.from({ length: Math.round(seconds * 44_100) }, (_, i) => 0.3 * Math.sin(i / 9))
}

async function encodeAll(chunks: Float32Array[], byRange: boolean): Promise<Uint8Array> {
  const encoder = encoderFor(pool, format)
  const parts: Uint8Array[] = []
  for (const [index, chunk] of chunks.entries()) {
    if (byRange)
      for await (const bytes of encodeInSlices(encoder, chunk, 44_100, index === 0)) parts.push(bytes)
    else parts.push(await encoder.encode(chunk))
  }
  parts.push(await encoder.end())
  return Buffer.concat(parts)
}

describe('audio without copies on the service thread', () => {
  it('an encoder thread takes each chunk once and its ranges make the same MP3 as whole copies', async () => {
    const chunks = [tone(2.5), tone(0.7)]
    const copies = await encodeAll(
      chunks.map((c) => c.slice()),
      false,
    )
    const handed = chunks.map((c) => c.slice())
    const ranged = await encodeAll(handed, true)
    expect(Buffer.compare(Buffer.from(ranged), Buffer.from(copies))).toBe(0)
    expect(ranged.length).toBeGreaterThan(40_000)
    // Handed over, not copied: the chunks' buffers are detached here.
    for (const chunk of handed) expect(chunk.buffer.byteLength).toBe(0)
  })

  it('a chunk that is a view into a larger buffer is copied once, and the buffer stays here', async () => {
    const whole = tone(1.5)
    const view = whole.subarray(100, 40_000)
    const encoder = encoderFor(pool, format)
    for await (const _ of encodeInSlices(encoder, view, 44_100, true)) {
    }
    await encoder.end()
    expect(whole.buffer.byteLength).toBe(whole.length * 4)
  })

  it('a render thread pads its segment with the silence asked for', async () => {
    const job = helloJob()
    const plain = (await pool.run({ type: 'render', job })) as SegmentAudio
    const padded = (await pool.run({ type: 'render', job, pad: { lead: 320, tail: 1_600 } })) as SegmentAudio
    expect(padded.samples.length).toBe(plain.samples.length + 320 + 1_600)
    expect(padded.samples.subarray(0, 320).every((x) => x === 0)).toBe(true)
    expect(padded.samples.subarray(padded.samples.length - 1_600).every((x) => x === 0)).toBe(true)
    expect(padded.samples.subarray(320, 320 + plain.samples.length)).toEqual(plain.samples)
    expect(padded.words).toEqual(plain.words)
  })
})
