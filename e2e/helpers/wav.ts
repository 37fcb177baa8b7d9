import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** 16-bit mono PCM samples (little-endian) with the 44-byte header of a WAV file. */
export function wavBytes(pcm: Buffer, rate: number): Buffer {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + pcm.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(pcm.length, 40)
  return Buffer.concat([header, pcm])
}

/** The samples as a WAV file of that name in a new temporary folder; answers its path. */
export function wavFile(pcm: Buffer, rate: number, fileName: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'journey-')), fileName)
  writeFileSync(path, wavBytes(pcm, rate))
  return path
}
