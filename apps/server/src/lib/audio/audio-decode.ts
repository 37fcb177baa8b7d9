import { execFile } from 'node:child_process'
import { accessSync, chmodSync, constants, copyFileSync, mkdtempSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { ISOLATION_SAMPLE_RATE } from '@timbre/speech'

// Uploaded audio of any common format becomes 48 kHz mono float samples through FFmpeg (the
// static binary of @ffmpeg-installer/<platform>-<arch>). The file goes through a temporary
// file, not a pipe: MP4/M4A keep their index at the end and need a seekable input.

let binary: string | undefined

/** The FFmpeg binary, made executable here: installers may skip the package's postinstall. */
export function ffmpegPath(): string {
  if (binary) return binary
  const name = process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg'
  const path = createRequire(import.meta.url).resolve(
    `@ffmpeg-installer/${process.platform}-${process.arch}/${name}`,
  )
  binary = executable(path)
  return binary
}

/** The binary itself when it may run, or made so; else an executable copy in the temp folder. */
function executable(path: string): string {
  try {
    accessSync(path, constants.X_OK)
    return path
  } catch {}
  try {
    chmodSync(path, 0o755)
    return path
  } catch {
    // A read-only install (a container running as another user): run a private copy.
    const copy = join(mkdtempSync(join(tmpdir(), 'timbre-ffmpeg-')), basename(path))
    copyFileSync(path, copy)
    chmodSync(copy, 0o755)
    return copy
  }
}

export class UndecodableAudio extends Error {}

/** Decodes a file; raw 16 kHz 16-bit mono PCM is described rather than detected. */
export async function decodeTo48kMono(
  bytes: Uint8Array,
  input: 'detect' | 'pcm_s16le_16',
  /** Decoding stops a little past this, so an over-long file is known without holding all of it. */
  maxSeconds: number,
  signal?: AbortSignal,
): Promise<Float32Array> {
  const dir = await mkdtemp(join(tmpdir(), 'timbre-decode-'))
  const file = join(dir, 'input')
  try {
    await writeFile(file, bytes)
    const rawInput = input === 'pcm_s16le_16' ? ['-f', 's16le', '-ar', '16000', '-ac', '1'] : []
    const args = [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      ...rawInput,
      '-i',
      file,
      '-vn',
      '-t',
      String(maxSeconds + 1),
      '-ac',
      '1',
      '-ar',
      String(ISOLATION_SAMPLE_RATE),
      '-f',
      'f32le',
      'pipe:1',
    ]
    const out = await new Promise<Buffer>((resolve, reject) => {
      execFile(
        ffmpegPath(),
        args,
        { encoding: 'buffer', maxBuffer: 2 ** 31 - 1, ...(signal ? { signal } : {}) },
        (error, stdout, stderr) => {
          if (error) reject(new UndecodableAudio(String(stderr).trim() || error.message))
          else resolve(stdout)
        },
      )
    })
    const count = Math.floor(out.byteLength / 4)
    // f32le is the machine's own order on every platform Node ships for; an aligned buffer
    // is read in place, an unaligned one copied.
    if (out.byteOffset % 4 === 0) return new Float32Array(out.buffer, out.byteOffset, count)
    return new Float32Array(out.buffer.slice(out.byteOffset, out.byteOffset + count * 4))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
