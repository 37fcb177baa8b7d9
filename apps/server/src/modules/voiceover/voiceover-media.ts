import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { VOICEOVER_AUDIO_MAX_BYTES, VOICEOVER_MAX_SECONDS, VOICEOVER_VIDEO_MAX_BYTES } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { ffmpegPath } from '../../lib/audio/audio-decode.js'
import { sniffAudio } from '../../lib/audio/audio-sniff.js'

// The media of a project: recognised by its bytes (never its name), then opened by FFmpeg to
// learn whether it holds a picture and how long it runs. Video must be MP4.

export interface ProbedMedia {
  kind: 'audio' | 'video'
  mime: string
  durationMs: number
}

/** Runs FFmpeg and hands back its exit error, standard output and diagnostics. */
export function runFfmpeg(args: string[]): Promise<{ failed: boolean; stdout: Buffer; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      ffmpegPath(),
      ['-hide_banner', '-nostdin', ...args],
      { encoding: 'buffer', maxBuffer: 2 ** 31 - 1 },
      (error, stdout, stderr) => resolve({ failed: Boolean(error), stdout, stderr: String(stderr) }),
    )
  })
}

/** Reads the stream list FFmpeg prints for an input: its duration and whether a video stream is there. */
export function readStreamInfo(stderr: string): {
  durationMs: number | null
  hasVideo: boolean
  hasAudio: boolean
} {
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr)
  const durationMs = duration
    ? Math.round((Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000)
    : null
  // Cover art in audio files shows as a video stream marked attached_pic: that is not a video.
  const videoLines = stderr.split('\n').filter((l) => /Stream #.*: Video:/.test(l) && !/attached pic/.test(l))
  return { durationMs, hasVideo: videoLines.length > 0, hasAudio: /Stream #.*: Audio:/.test(stderr) }
}

export async function probeMedia(bytes: Uint8Array): Promise<ProbedMedia> {
  if (bytes.length > Math.max(VOICEOVER_VIDEO_MAX_BYTES, VOICEOVER_AUDIO_MAX_BYTES)) {
    throw new AppError('voiceover_media_too_big', { param: 'file' })
  }
  const sniffed = sniffAudio(bytes)
  if (!sniffed) throw new AppError('voiceover_invalid_media', { param: 'file' })
  const dir = await mkdtemp(join(tmpdir(), 'timbre-voiceover-'))
  try {
    const file = join(dir, `media.${sniffed.extension}`)
    await writeFile(file, bytes)
    const { stderr } = await runFfmpeg(['-i', file])
    const info = readStreamInfo(stderr)
    if (!info.durationMs || !info.hasAudio) throw new AppError('voiceover_invalid_media', { param: 'file' })
    if (info.hasVideo && sniffed.kind !== 'm4a')
      throw new AppError('voiceover_invalid_media', { param: 'file' })
    if (info.durationMs > VOICEOVER_MAX_SECONDS * 1000)
      throw new AppError('voiceover_media_too_long', { param: 'file' })
    return info.hasVideo
      ? { kind: 'video', mime: 'video/mp4', durationMs: info.durationMs }
      : { kind: 'audio', mime: sniffed.mimeType, durationMs: info.durationMs }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** A stretch of the uploaded video shown at a place on the timeline (times in ms). */
export interface PictureClip {
  startMs: number
  endMs: number
  sourceStartMs: number
}

/** Picture size and frame rate of a video, read from FFmpeg's stream list. */
export function readVideoFormat(stderr: string): { width: number; height: number; fps: number } {
  const line = stderr.split('\n').find((l) => /Stream #.*: Video:/.test(l) && !/attached pic/.test(l)) ?? ''
  const size = /, (\d{2,5})x(\d{2,5})[,\s[]/.exec(line)
  const fps = /, (\d+(?:\.\d+)?) fps/.exec(line) ?? /, (\d+(?:\.\d+)?) tbr/.exec(line)
  // Even sizes: the encoder's 4:2:0 picture needs them.
  const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2)
  return {
    width: even(size ? Number(size[1]) : 640),
    height: even(size ? Number(size[2]) : 360),
    fps: fps ? Math.min(60, Math.max(1, Number(fps[1]))) : 25,
  }
}

/** The picture unchanged: one clip showing the video from its start at the timeline's start. */
function pictureAsIs(pictures: readonly PictureClip[], durationMs: number, mediaMs: number): boolean {
  const [only] = pictures
  return (
    pictures.length === 1 &&
    only !== undefined &&
    only.startMs === 0 &&
    only.sourceStartMs === 0 &&
    only.endMs >= Math.min(durationMs, mediaMs)
  )
}

/**
 * The filter graph that re-cuts the picture: black as long as the timeline, and each clip's
 * stretch of the video laid over it from the clip's start (later clips over earlier ones).
 */
export function recutFilter(
  pictures: readonly PictureClip[],
  format: { width: number; height: number; fps: number },
  durationMs: number,
): string {
  const s = (ms: number) => (ms / 1000).toFixed(3)
  const parts = [
    `color=c=black:s=${format.width}x${format.height}:r=${format.fps}:d=${s(durationMs)},format=yuv420p[base]`,
  ]
  if (pictures.length > 0)
    parts.push(`[0:v]split=${pictures.length}${pictures.map((_, i) => `[src${i}]`).join('')}`)
  let below = 'base'
  pictures.forEach((clip, i) => {
    const from = clip.sourceStartMs
    const to = clip.sourceStartMs + (clip.endMs - clip.startMs)
    parts.push(
      `[src${i}]trim=start=${s(from)}:end=${s(to)},setpts=PTS-STARTPTS+${s(clip.startMs)}/TB,` +
        `scale=${format.width}:${format.height},format=yuv420p[clip${i}]`,
    )
    parts.push(`[${below}][clip${i}]overlay=eof_action=pass:repeatlast=0[layer${i}]`)
    below = `layer${i}`
  })
  parts.push(`[${below}]null[picture]`)
  return parts.join(';')
}

/**
 * Encodes the mix as MP3 and, when the media is a video, muxes the mix under its picture into an
 * MP4. The picture follows the foreground clips: when they show the video as it is, it is
 * copied; otherwise each clip's stretch is placed where the clip sits on the timeline, with
 * black where no clip is, and encoded as H.264.
 */
export async function encodeMix(
  mix: Buffer,
  media: { bytes: Buffer; kind: 'audio' | 'video'; durationMs: number } | null,
  durationMs: number,
  pictures: readonly PictureClip[] = [],
): Promise<{ mp3: Buffer; mp4: Buffer | null }> {
  const dir = await mkdtemp(join(tmpdir(), 'timbre-voiceover-render-'))
  try {
    const wav = join(dir, 'mix.wav')
    await writeFile(wav, mix)
    const mp3 = join(dir, 'mix.mp3')
    const encoded = await runFfmpeg([
      '-loglevel',
      'error',
      '-i',
      wav,
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      mp3,
    ])
    if (encoded.failed) throw new Error(`mp3 encoding failed: ${encoded.stderr}`)
    let mp4: Buffer | null = null
    if (media?.kind === 'video') {
      const input = join(dir, 'media.mp4')
      await writeFile(input, media.bytes)
      const out = join(dir, 'render.mp4')
      const picture = pictureAsIs(pictures, durationMs, media.durationMs)
        ? ['-map', '0:v:0', '-c:v', 'copy']
        : [
            '-filter_complex',
            recutFilter(pictures, readVideoFormat((await runFfmpeg(['-i', input])).stderr), durationMs),
            '-map',
            '[picture]',
            '-c:v',
            'libx264',
            '-preset',
            'veryfast',
            '-pix_fmt',
            'yuv420p',
          ]
      const muxed = await runFfmpeg([
        '-loglevel',
        'error',
        '-i',
        input,
        '-i',
        wav,
        ...picture,
        '-map',
        '1:a:0',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-t',
        String(durationMs / 1000),
        '-movflags',
        '+faststart',
        out,
      ])
      if (muxed.failed) throw new Error(`mp4 muxing failed: ${muxed.stderr}`)
      mp4 = await readFile(out)
    }
    return { mp3: await readFile(mp3), mp4 }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
