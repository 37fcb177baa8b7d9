// ffprobe (the static binary shipped in @ffprobe-installer/<platform>-<arch>) as an
// independent reader of our encoded files. npm 11 may skip the package's postinstall that makes
// the binary executable, so the mode is set here.
import { execFile } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export function ffprobePath(): string {
  const binary = process.platform === 'win32' ? 'ffprobe.exe' : 'ffprobe'
  const path = createRequire(import.meta.url).resolve(
    `@ffprobe-installer/${process.platform}-${process.arch}/${binary}`,
  )
  chmodSync(path, 0o755)
  return path
}

export interface ProbeResult {
  codec: string
  sampleRate: number
  channels: number
  durationSeconds: number
  /** Frames ffprobe decoded (it decodes the whole stream to count them). */
  decodedFrames: number
  /** What ffprobe reported as errors while reading and decoding (empty when the stream is valid). */
  errors: string
}

export async function probeAudio(bytes: Uint8Array, extension: string): Promise<ProbeResult> {
  const dir = mkdtempSync(join(tmpdir(), 'probe-'))
  const file = join(dir, `audio.${extension}`)
  try {
    writeFileSync(file, bytes)
    const { stdout, stderr } = await run(ffprobePath(), [
      '-v',
      'error',
      '-count_frames',
      '-show_streams',
      '-show_format',
      '-of',
      'json',
      file,
    ])
    const info = JSON.parse(stdout) as {
      streams: { codec_name: string; sample_rate: string; channels: number; nb_read_frames: string }[]
      format: { duration: string }
    }
    const stream = info.streams[0]
    if (!stream) throw new Error('ffprobe found no stream')
    return {
      codec: stream.codec_name,
      sampleRate: Number(stream.sample_rate),
      channels: stream.channels,
      durationSeconds: Number(info.format.duration),
      decodedFrames: Number(stream.nb_read_frames),
      errors: stderr.trim(),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
