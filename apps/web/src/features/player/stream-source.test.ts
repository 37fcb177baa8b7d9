import { describe, expect, it } from 'vitest'
import { streamSource } from './stream-source'

/** A WAV as a stream sends it: header sizes 0xFFFFFFFF, then `samples` 16-bit samples. */
function streamedWav(samples: number): Uint8Array {
  const bytes = new Uint8Array(44 + samples * 2)
  const view = new DataView(bytes.buffer)
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i)
  }
  ascii(0, 'RIFF')
  view.setUint32(4, 0xffffffff, true)
  ascii(8, 'WAVEfmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true)
  view.setUint16(22, 1, true)
  view.setUint32(24, 16_000, true)
  view.setUint32(28, 32_000, true)
  view.setUint16(32, 2, true)
  view.setUint16(34, 16, true)
  ascii(36, 'data')
  view.setUint32(40, 0xffffffff, true)
  for (let i = 0; i < samples; i++) view.setInt16(44 + i * 2, (i % 200) * 50, true)
  return bytes
}

describe('a whole audio response kept in the browser', () => {
  it('a streamed WAV gets its real RIFF and data sizes; the samples are untouched', async () => {
    const sent = streamedWav(16_000)
    const source = streamSource(new Response(sent.slice(), { headers: { 'content-type': 'audio/wav' } }))
    const kept = new Uint8Array(await (await source.complete).arrayBuffer())
    const view = new DataView(kept.buffer)
    expect(view.getUint32(4, true)).toBe(kept.length - 8)
    expect(view.getUint32(40, true)).toBe(32_000)
    expect(kept.subarray(44)).toEqual(sent.subarray(44))
  })

  it('other audio is kept byte for byte', async () => {
    const mp3ish = new Uint8Array([0xff, 0xfb, 1, 2, 3, 4])
    const source = streamSource(new Response(mp3ish.slice(), { headers: { 'content-type': 'audio/ogg' } }))
    expect(new Uint8Array(await (await source.complete).arrayBuffer())).toEqual(mp3ish)
  })
})
