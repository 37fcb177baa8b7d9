import { createEncoder } from '@timbre/speech'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toneWav } from '../../../test/helpers/voice-factory.js'
import { sniffAudio } from './audio-sniff.js'

// Uploads are recognised by their bytes, never by their name or declared type.

const tone = (seconds: number, rate: number) =>
  new Float32Array(Math.round(seconds * rate)).map((_, i) => Math.sin((2 * Math.PI * 440 * i) / rate) * 0.3)

function mp3(format: string, seconds: number, rate: number): Buffer {
  const encoder = createEncoder(format)
  return Buffer.concat([encoder.encode(tone(seconds, rate)), encoder.end()])
}

function flac(sampleRate: number, totalSamples: number): Buffer {
  const b = Buffer.alloc(42)
  b.write('fLaC', 0)
  b[4] = 0x80 // last metadata block, type 0 (STREAMINFO)
  b.writeUIntBE(34, 5, 3)
  b[18] = (sampleRate >> 12) & 0xff
  b[19] = (sampleRate >> 4) & 0xff
  b[20] = ((sampleRate & 0x0f) << 4) | 0x01
  b[21] = 0xf0 | Math.floor(totalSamples / 2 ** 32)
  b.writeUInt32BE(totalSamples % 2 ** 32, 22)
  return b
}

function oggPage(granule: number, packet: Buffer): Buffer {
  const header = Buffer.alloc(28)
  header.write('OggS', 0)
  header.writeUInt32LE(granule % 2 ** 32, 6)
  header.writeUInt32LE(Math.floor(granule / 2 ** 32), 10)
  header[26] = 1
  header[27] = packet.length
  return Buffer.concat([header, packet])
}

function vorbis(rate: number, granule: number): Buffer {
  const id = Buffer.alloc(30)
  id.write('\x01vorbis', 0, 'latin1')
  id.writeUInt32LE(rate, 12)
  return Buffer.concat([oggPage(0, id), Buffer.alloc(100), oggPage(granule, Buffer.alloc(10))])
}

function opus(preSkip: number, granule: number): Buffer {
  const id = Buffer.alloc(19)
  id.write('OpusHead', 0)
  id.writeUInt16LE(preSkip, 10)
  return Buffer.concat([oggPage(0, id), oggPage(granule, Buffer.alloc(10))])
}

function box(type: string, ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children)
  const head = Buffer.alloc(8)
  head.writeUInt32BE(8 + body.length, 0)
  head.write(type, 4)
  return Buffer.concat([head, body])
}

function m4a(timescale: number, duration: number): Buffer {
  const mvhd = Buffer.alloc(100)
  mvhd.writeUInt32BE(timescale, 12)
  mvhd.writeUInt32BE(duration, 16)
  return Buffer.concat([
    box('ftyp', Buffer.from('M4A \0\0\0\0isom')),
    box('free'),
    box('moov', box('mvhd', mvhd)),
  ])
}

describe('sniffAudio', () => {
  it('recognises WAV with its duration', () => {
    expect(sniffAudio(toneWav(1.25, 22050))).toEqual({
      kind: 'wav',
      mimeType: 'audio/wav',
      extension: 'wav',
      durationSeconds: 1.25,
    })
  })

  it('recognises real MP3 from the speech encoders and measures it by its frames', () => {
    for (const [format, rate] of [
      ['mp3_44100_128', 44100],
      ['mp3_22050_32', 22050],
      // LAME writes this one at 22.05 kHz; the input is still 44.1 kHz.
      ['mp3_44100_32', 44100],
    ] as const) {
      const audio = sniffAudio(mp3(format, 2, rate))
      expect(audio?.kind, format).toBe('mp3')
      expect(audio?.durationSeconds, format).toBeGreaterThan(1.9)
      expect(audio?.durationSeconds, format).toBeLessThan(2.2)
    }
    const tagged = Buffer.concat([
      Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x05', 'latin1'),
      Buffer.alloc(5),
      mp3('mp3_44100_128', 1, 44100),
    ])
    expect(sniffAudio(tagged)?.kind).toBe('mp3')
  })

  it('recognises FLAC, Ogg Vorbis, Ogg Opus, M4A and WebM', () => {
    expect(sniffAudio(flac(48000, 96000))).toMatchObject({ kind: 'flac', durationSeconds: 2 })
    expect(sniffAudio(vorbis(44100, 44100 * 3))).toMatchObject({
      kind: 'ogg',
      mimeType: 'audio/ogg',
      durationSeconds: 3,
    })
    expect(sniffAudio(opus(312, 48000 * 4 + 312))).toMatchObject({ kind: 'ogg', durationSeconds: 4 })
    expect(sniffAudio(m4a(1000, 5500))).toMatchObject({
      kind: 'm4a',
      mimeType: 'audio/mp4',
      durationSeconds: 5.5,
    })
    expect(sniffAudio(Buffer.from('1a45dfa3000000000000001f4286810142f7', 'hex'))).toMatchObject({
      kind: 'webm',
      durationSeconds: null,
    })
  })

  it('refuses text, images, archives, truncated headers and a lone frame-sync byte pair', () => {
    const refused = [
      Buffer.from('Hello, this is not audio at all.'),
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      Buffer.from('504b0304140000000800000000000000', 'hex'),
      Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'),
      Buffer.from('RIFF\0\0\0\0WAVEjunkjunkjunk'),
      Buffer.from('RIFF\0\0\0\0AVI LIST\0\0\0\0'),
      Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(20, 0x41)]),
      Buffer.alloc(0),
      Buffer.from('OggS'),
    ]
    for (const bytes of refused) expect(sniffAudio(bytes), bytes.toString('hex').slice(0, 16)).toBeNull()
  })

  it('never throws on arbitrary bytes, and only claims formats it parsed', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => {
        const result = sniffAudio(bytes)
        if (result && result.durationSeconds !== null) expect(result.durationSeconds).toBeGreaterThan(0)
      }),
      { numRuns: 2000 },
    )
    // Mutated real files: still never a throw.
    const seeds = [
      toneWav(0.05),
      mp3('mp3_44100_128', 0.2, 44100),
      flac(44100, 100),
      vorbis(8000, 10),
      m4a(600, 60),
    ]
    fc.assert(
      fc.property(
        fc.nat(seeds.length - 1),
        fc.array(fc.tuple(fc.nat(), fc.nat(255)), { maxLength: 8 }),
        (i, edits) => {
          const bytes = Buffer.from(seeds[i]!)
          for (const [at, value] of edits) bytes[at % bytes.length] = value
          sniffAudio(bytes)
        },
      ),
      { numRuns: 2000 },
    )
  })
})
