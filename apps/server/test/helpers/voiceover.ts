import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { ffmpegPath } from '../../src/lib/audio/audio-decode.js'

// Media and calls the Voiceover Studio tests share: real files made by FFmpeg, and the API
// calls as a signed-in user.

/** An MP4 with a moving test picture and a 440 Hz tone, `seconds` long. */
export async function testVideo(seconds: number): Promise<Buffer> {
  return ffmpegFile('mp4', [
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=160x120:rate=10:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'mpeg4',
    '-c:a',
    'aac',
    '-shortest',
  ])
}

/** An MP4 whose picture is one plain colour per stretch (e.g. red then blue), with a tone. */
export async function colourVideo(colours: readonly string[], secondsEach: number): Promise<Buffer> {
  const sources = colours.map((c, i) => `color=c=${c}:s=160x120:r=10:d=${secondsEach}[v${i}]`).join(';')
  const joined = `${colours.map((_, i) => `[v${i}]`).join('')}concat=n=${colours.length}:v=1:a=0`
  return ffmpegFile('mp4', [
    '-f',
    'lavfi',
    '-i',
    `${sources};${joined}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${secondsEach * colours.length}`,
    '-c:v',
    'mpeg4',
    '-q:v',
    '2',
    '-c:a',
    'aac',
    '-shortest',
  ])
}

/** The average colour (r, g, b) of the frame of an MP4 at `seconds`. */
export async function frameColour(video: Buffer, seconds: number): Promise<[number, number, number]> {
  const dir = await mkdtemp(join(tmpdir(), 'timbre-vo-frame-'))
  try {
    const file = join(dir, 'video.mp4')
    await writeFile(file, video)
    const pixel = await new Promise<Buffer>((resolve, reject) =>
      execFile(
        ffmpegPath(),
        ['-hide_banner', '-loglevel', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1'].concat([
          '-vf',
          'scale=1:1:flags=area',
          '-f',
          'rawvideo',
          '-pix_fmt',
          'rgb24',
          'pipe:1',
        ]),
        { encoding: 'buffer' },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      ),
    )
    return [pixel[0] ?? 0, pixel[1] ?? 0, pixel[2] ?? 0]
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** A WAV of a 330 Hz tone, `seconds` long. */
export async function testTone(seconds: number): Promise<Buffer> {
  return ffmpegFile('wav', ['-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`, '-ac', '1'])
}

async function ffmpegFile(ext: string, args: string[]): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'timbre-vo-test-'))
  try {
    const out = join(dir, `out.${ext}`)
    await new Promise<void>((resolve, reject) =>
      execFile(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', ...args, out], (error) =>
        error ? reject(error) : resolve(),
      ),
    )
    return await readFile(out)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Root-mean-square level of `samples` between two times (48 kHz). */
export function rmsBetween(samples: Float32Array, fromSeconds: number, toSeconds: number): number {
  const from = Math.max(0, Math.round(fromSeconds * 48_000))
  const to = Math.min(samples.length, Math.round(toSeconds * 48_000))
  let sum = 0
  for (let i = from; i < to; i++) sum += (samples[i] ?? 0) ** 2
  return to > from ? Math.sqrt(sum / (to - from)) : 0
}

export function voiceoverCalls(app: () => FastifyInstance, auth: () => Record<string, string>) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app().inject({ method, url: `/v1/voiceover${url}`, headers: auth(), ...(payload ? { payload } : {}) })
  return {
    call,
    create: (name: string, durationSeconds?: number) =>
      call('POST', '/projects', { name, ...(durationSeconds ? { duration_seconds: durationSeconds } : {}) }),
    addTrack: (projectId: string, body: object) => call('POST', `/projects/${projectId}/tracks`, body),
    addClip: (projectId: string, body: object) => call('POST', `/projects/${projectId}/clips`, body),
    moveClip: (projectId: string, clipId: string, body: object) =>
      call('PATCH', `/projects/${projectId}/clips/${clipId}`, body),
    split: (projectId: string, clipId: string, at: number) =>
      call('POST', `/projects/${projectId}/clips/${clipId}/split`, { at_seconds: at }),
    get: (projectId: string) => call('GET', `/projects/${projectId}`),
  }
}
