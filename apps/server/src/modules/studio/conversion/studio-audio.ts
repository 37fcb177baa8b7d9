import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { STUDIO_LOUDNESS, type StudioExportFormat } from '@timbre/contract'
import { ffmpegPath } from '../../../lib/audio/audio-decode.js'

// The audio of Studio: chapters are 16-bit mono PCM at one rate while they are assembled; FFmpeg
// (a well-kept encoder and an EBU R128 meter) encodes, normalises loudness in two passes and
// writes chapter marks. Work goes through temporary files: MP4 needs a seekable output.

export const STUDIO_SAMPLE_RATE = 44_100
export const STUDIO_PCM_FORMAT = `pcm_${STUDIO_SAMPLE_RATE}`

export class ExportFailed extends Error {}

export interface ChapterAudio {
  title: string
  pcm: Buffer
}

export interface Loudness {
  /** Integrated loudness (EBU R128), LUFS. */
  integratedLufs: number
  /** True peak, dBTP. */
  truePeakDb: number
  /** RMS level of the whole programme, dBFS. */
  rmsDb: number
}

/**
 * Runs FFmpeg; resolves with its log (the measurements are printed there). With `onSeconds`,
 * FFmpeg reports how far into the audio it is (`-progress`), for an export's percent.
 */
function ffmpeg(args: string[], onSeconds?: (seconds: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const progress = onSeconds ? ['-progress', 'pipe:1', '-nostats'] : []
    const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', '-y', ...progress, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const log: Buffer[] = []
    let pending = ''
    child.stderr.on('data', (chunk: Buffer) => log.push(chunk))
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString()
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        const at = /^out_time_us=(\d+)/.exec(line)
        if (at?.[1]) onSeconds?.(Number(at[1]) / 1_000_000)
      }
    })
    child.once('error', (error) => reject(new ExportFailed(`ffmpeg could not start: ${error.message}`)))
    child.once('close', (code) => {
      const stderr = Buffer.concat(log).toString()
      if (code === 0) resolve(stderr)
      else reject(new ExportFailed(`ffmpeg failed: ${stderr.slice(-400)}`))
    })
  })
}

async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'timbre-studio-'))
  try {
    return await work(dir)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

const rawInput = (file: string) => ['-f', 's16le', '-ar', String(STUDIO_SAMPLE_RATE), '-ac', '1', '-i', file]

/** Samples of silence, as PCM bytes. */
export function silence(seconds: number): Buffer {
  return Buffer.alloc(Math.round(seconds * STUDIO_SAMPLE_RATE) * 2)
}

export const pcmSeconds = (pcm: Buffer) => pcm.length / 2 / STUDIO_SAMPLE_RATE

/** A chapter's or project's audio as it is kept in snapshots: MP3, not normalised. */
export async function encodeMp3(pcm: Buffer): Promise<Buffer> {
  return inTempDir(async (dir) => {
    await writeFile(join(dir, 'in.pcm'), pcm)
    await ffmpeg([
      ...rawInput(join(dir, 'in.pcm')),
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      join(dir, 'out.mp3'),
    ])
    return readFile(join(dir, 'out.mp3'))
  })
}

export interface Mp3Encoder {
  /** Hands the next samples to the encoder (waits while it is behind). */
  write(pcm: Buffer): Promise<void>
  /** No more samples: the whole MP3. */
  end(): Promise<Buffer>
  /** Stops the encoder; nothing is kept. */
  abort(): void
}

/**
 * An MP3 encoder fed while the audio is still being made (the same encoding as `encodeMp3`):
 * a conversion writes each block as soon as it is ready, so the snapshot's encoding runs beside
 * the speech instead of after it.
 */
export function startMp3Encoder(): Mp3Encoder {
  const child = spawn(
    ffmpegPath(),
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      ...rawInput('pipe:0'),
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      '-f',
      'mp3',
      'pipe:1',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  )
  const out: Buffer[] = []
  const log: Buffer[] = []
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
  child.stderr.on('data', (chunk: Buffer) => log.push(chunk))
  // A write to an encoder that stopped fails through `done`, not as an unhandled error.
  child.stdin.on('error', () => undefined)
  const done = new Promise<Buffer>((resolve, reject) => {
    child.once('error', (error) => reject(new ExportFailed(`ffmpeg could not start: ${error.message}`)))
    child.once('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out))
      else reject(new ExportFailed(`ffmpeg failed: ${Buffer.concat(log).toString().slice(-400)}`))
    })
  })
  done.catch(() => undefined)
  return {
    async write(pcm) {
      if (pcm.length === 0 || child.stdin.destroyed) return
      if (!child.stdin.write(pcm)) await Promise.race([once(child.stdin, 'drain'), done])
    },
    end() {
      child.stdin.end()
      return done
    },
    abort() {
      child.stdin.destroy()
      child.kill('SIGKILL')
    },
  }
}

/** Reads FFmpeg's loudnorm measurement (the JSON block it prints at the end). */
function loudnormJson(stderr: string): Record<string, string> {
  const start = stderr.lastIndexOf('{')
  const end = stderr.lastIndexOf('}')
  if (start < 0 || end < start) throw new ExportFailed('The loudness could not be measured.')
  return JSON.parse(stderr.slice(start, end + 1)) as Record<string, string>
}

/** Measures a file with the EBU R128 meter (integrated loudness, true peak) and its RMS level. */
export async function measureLoudness(file: string): Promise<Loudness> {
  const stderr = await ffmpeg(['-i', file, '-filter_complex', 'ebur128=peak=true,astats', '-f', 'null', '-'])
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'))
  const integrated = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)
  const peak = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)
  const rms = [...stderr.matchAll(/RMS level dB:\s+(-?[\d.]+|-inf)/g)].pop()
  const value = (m: RegExpExecArray | RegExpMatchArray | null | undefined) =>
    m?.[1] === undefined || m[1] === '-inf' ? Number.NEGATIVE_INFINITY : Number(m[1])
  return { integratedLufs: value(integrated), truePeakDb: value(peak), rmsDb: value(rms) }
}

/** Chapter marks in FFmpeg's metadata format, in milliseconds. */
function chapterMetadata(title: string, chapters: { title: string; seconds: number }[]): string {
  const quote = (text: string) => text.replace(/[=;#\\\n]/g, (c) => (c === '\n' ? ' ' : `\\${c}`))
  const lines = [';FFMETADATA1', `title=${quote(title)}`]
  let at = 0
  for (const chapter of chapters) {
    const start = Math.round(at * 1000)
    at += chapter.seconds
    lines.push('[CHAPTER]', 'TIMEBASE=1/1000', `START=${start}`, `END=${Math.round(at * 1000)}`)
    lines.push(`title=${quote(chapter.title)}`)
  }
  return `${lines.join('\n')}\n`
}

export interface MasteredExport {
  audio: Buffer
  contentType: string
  extension: string
  loudness: Loudness
}

const FORMATS: Record<StudioExportFormat, { contentType: string; extension: string; args: string[] }> = {
  mp3: { contentType: 'audio/mpeg', extension: 'mp3', args: ['-c:a', 'libmp3lame', '-b:a', '128k'] },
  wav: { contentType: 'audio/wav', extension: 'wav', args: ['-c:a', 'pcm_s16le'] },
  m4b: {
    contentType: 'audio/mp4',
    extension: 'm4b',
    args: ['-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', '-f', 'ipod'],
  },
}

/**
 * The export of one or more chapters: joined, normalised into the audiobook loudness range in
 * two passes (measure, then a linear gain with a true-peak limit), encoded, and measured again.
 * M4B carries one chapter mark per chapter.
 */
export async function masterExport(
  title: string,
  chapters: ChapterAudio[],
  format: StudioExportFormat,
  /** The share done, from 0 to 1: the measuring pass is the first 40 %, encoding the next 50 %. */
  onProgress: (done: number) => void = () => undefined,
): Promise<MasteredExport> {
  const spec = FORMATS[format]
  const total = Math.max(
    0.001,
    chapters.reduce((n, c) => n + pcmSeconds(c.pcm), 0),
  )
  const stage = (from: number, span: number) => (seconds: number) =>
    onProgress(from + span * Math.min(1, seconds / total))
  return inTempDir(async (dir) => {
    const input = join(dir, 'in.pcm')
    await writeFile(input, Buffer.concat(chapters.map((c) => c.pcm)))
    const { targetLufs, targetTruePeakDb } = STUDIO_LOUDNESS
    const target = `I=${targetLufs}:TP=${targetTruePeakDb}:LRA=11`
    const measured = loudnormJson(
      await ffmpeg(
        [...rawInput(input), '-af', `loudnorm=${target}:print_format=json`, '-f', 'null', '-'],
        stage(0, 0.4),
      ),
    )
    const second = [
      `loudnorm=${target}`,
      `measured_I=${measured.input_i}`,
      `measured_TP=${measured.input_tp}`,
      `measured_LRA=${measured.input_lra}`,
      `measured_thresh=${measured.input_thresh}`,
      `offset=${measured.target_offset}`,
      'linear=true',
    ].join(':')
    const output = join(dir, `out.${spec.extension}`)
    const args = [...rawInput(input)]
    if (format === 'm4b') {
      const metadata = join(dir, 'chapters.txt')
      const marks = chapters.map((c) => ({ title: c.title, seconds: pcmSeconds(c.pcm) }))
      await writeFile(metadata, chapterMetadata(title, marks))
      args.push('-i', metadata, '-map', '0:a', '-map_metadata', '1', '-map_chapters', '1')
    } else {
      args.push('-metadata', `title=${title}`)
    }
    await ffmpeg(
      [
        ...args,
        '-af',
        `${second},aresample=${STUDIO_SAMPLE_RATE}`,
        '-ar',
        String(STUDIO_SAMPLE_RATE),
        '-ac',
        '1',
        ...spec.args,
        output,
      ],
      stage(0.4, 0.5),
    )
    onProgress(0.9)
    return {
      audio: await readFile(output),
      contentType: spec.contentType,
      extension: spec.extension,
      loudness: await measureLoudness(output),
    }
  })
}
