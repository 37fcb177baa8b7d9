import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MUSIC_VIDEO_MAX_SECONDS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { decodeTo48kMono, ffmpegPath, UndecodableAudio } from '../../lib/audio/audio-decode.js'

/** The rate uploads are decoded at. */
export const DECODE_RATE = 48_000
/** Uploaded songs (separation, references) are read up to ten minutes. */
const SONG_MAX_SECONDS = 600

/** An uploaded song as mono samples at 48 kHz; a file FFmpeg cannot read as audio is refused. */
export async function decodeSong(bytes: Uint8Array): Promise<Float32Array> {
  try {
    const samples = await decodeTo48kMono(bytes, 'detect', SONG_MAX_SECONDS)
    if (samples.length < DECODE_RATE / 10) throw new AppError('music_invalid_upload', { param: 'file' })
    return samples
  } catch (error) {
    if (error instanceof UndecodableAudio) throw new AppError('music_invalid_upload', { param: 'file' })
    throw error
  }
}

function ffmpeg(args: string[]): Promise<{ failed: boolean; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      ffmpegPath(),
      ['-hide_banner', '-nostdin', ...args],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _out, stderr) => resolve({ failed: Boolean(error), stderr: String(stderr) }),
    )
  })
}

export interface VideoShape {
  durationMs: number
  /** Times of the picture's cuts, in milliseconds from the start. */
  cuts: number[]
  /** How much changes on screen, 0..1, for each tenth of the video. */
  motion: number[]
}

/**
 * Reads a video with FFmpeg: its length, the cuts (scene changes above 0.3) and how much the
 * picture changes over time. A file without a picture, or one longer than three minutes, is
 * refused with the product's message.
 */
export async function readVideo(bytes: Uint8Array): Promise<VideoShape> {
  const dir = await mkdtemp(join(tmpdir(), 'timbre-music-video-'))
  try {
    const file = join(dir, 'video')
    await writeFile(file, bytes)
    const probe = await ffmpeg(['-i', file])
    const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(probe.stderr)
    const hasVideo = probe.stderr
      .split('\n')
      .some((l) => /Stream #.*: Video:/.test(l) && !/attached pic/.test(l))
    if (!duration || !hasVideo) throw new AppError('music_invalid_video', { param: 'videos' })
    const durationMs = Math.round(
      (Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000,
    )
    if (durationMs > MUSIC_VIDEO_MAX_SECONDS * 1000)
      throw new AppError('music_video_too_long', { param: 'videos' })
    if (durationMs < 1000) throw new AppError('music_invalid_video', { param: 'videos' })
    const scan = await ffmpeg([
      '-i',
      file,
      '-an',
      '-vf',
      "scale=64:-2,select='gte(scene,0)',metadata=print:key=lavfi.scene_score",
      '-f',
      'null',
      '-',
    ])
    if (scan.failed) throw new AppError('music_invalid_video', { param: 'videos' })
    const scores: { time: number; score: number }[] = []
    let time = 0
    for (const line of scan.stderr.split('\n')) {
      const at = /pts_time:([\d.]+)/.exec(line)
      if (at) time = Number(at[1]) * 1000
      const score = /lavfi\.scene_score=([\d.]+)/.exec(line)
      if (score) scores.push({ time, score: Number(score[1]) })
    }
    const cuts = scores.filter((s) => s.score > 0.3).map((s) => Math.round(s.time))
    const motion = Array.from({ length: 10 }, (_, i) => {
      const inside = scores.filter(
        (s) => s.time >= (i * durationMs) / 10 && s.time < ((i + 1) * durationMs) / 10,
      )
      return inside.length > 0
        ? Math.min(1, (inside.reduce((a, s) => a + s.score, 0) / inside.length) * 8)
        : 0
    })
    return { durationMs, cuts, motion }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
