import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DUBBING_MAX_BYTES, DUBBING_MAX_SECONDS } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { decodeTo48kMono, ffmpegPath, UndecodableAudio } from '../../../lib/audio/audio-decode.js'
import { sniffAudio } from '../../../lib/audio/audio-sniff.js'
import { wavOf as wavFile } from '../../../lib/audio/wav-file.js'

// A dub's media: recognised by its bytes (never its name), opened by FFmpeg to learn whether
// it has a picture and a sound track and how long it runs, decoded to 48 kHz mono for the
// pipeline, and the finished mix encoded (MP3, AAC, WAV) or put back under the picture (MP4).

export const RATE = 48_000

export interface ProbedMedia {
  isVideo: boolean
  contentType: string
  extension: string
  seconds: number
}

function ffmpeg(args: string[]): Promise<{ failed: boolean; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      ffmpegPath(),
      ['-hide_banner', '-nostdin', ...args],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => resolve({ failed: Boolean(error), stderr: String(stderr) }),
    )
  })
}

async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'timbre-dubbing-'))
  try {
    return await work(dir)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** What the file is; a file that is not media, a video with no sound, or one too long is refused. */
export async function probeMedia(bytes: Uint8Array): Promise<ProbedMedia> {
  if (bytes.length > DUBBING_MAX_BYTES) throw new AppError('dubbing_file_too_big', { param: 'file' })
  const sniffed = sniffAudio(bytes)
  if (!sniffed) throw new AppError('dubbing_invalid_file', { param: 'file' })
  return inTempDir(async (dir) => {
    const file = join(dir, `media.${sniffed.extension}`)
    await writeFile(file, bytes)
    const { stderr } = await ffmpeg(['-i', file])
    const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr)
    // Cover art in audio files shows as a video stream marked attached_pic: that is not a video.
    const isVideo = stderr.split('\n').some((l) => /Stream #.*: Video:/.test(l) && !/attached pic/.test(l))
    const hasAudio = /Stream #.*: Audio:/.test(stderr)
    if (!duration) throw new AppError('dubbing_invalid_file', { param: 'file' })
    if (!hasAudio) throw new AppError('dubbing_no_audio_track', { param: 'file' })
    const seconds = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
    if (seconds > DUBBING_MAX_SECONDS) throw new AppError('dubbing_file_too_big', { param: 'file' })
    return {
      isVideo,
      contentType: isVideo ? 'video/mp4' : sniffed.mimeType,
      extension: isVideo ? 'mp4' : sniffed.extension,
      seconds,
    }
  })
}

/** The dubbed range of the media as 48 kHz mono samples. */
export async function decodeRange(bytes: Uint8Array, start: number, end: number): Promise<Float32Array> {
  let all: Float32Array
  try {
    all = await decodeTo48kMono(bytes, 'detect', end + 1)
  } catch (error) {
    if (error instanceof UndecodableAudio) throw new AppError('dubbing_invalid_file', { param: 'file' })
    throw error
  }
  return all.slice(Math.round(start * RATE), Math.min(all.length, Math.round(end * RATE)))
}

/** The samples of a WAV this module wrote (16-bit mono after a 44-byte header). */
export function samplesOfWav(wav: Uint8Array): Float32Array {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength)
  const out = new Float32Array(Math.max(0, Math.floor((wav.byteLength - 44) / 2)))
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(44 + i * 2, true) / 32768
  return out
}

export const ENCODINGS = {
  mp3: { extension: 'mp3', contentType: 'audio/mpeg', args: ['-c:a', 'libmp3lame', '-b:a', '128k'] },
  aac: { extension: 'aac', contentType: 'audio/aac', args: ['-c:a', 'aac', '-b:a', '128k', '-f', 'adts'] },
  wav: { extension: 'wav', contentType: 'audio/wav', args: ['-c:a', 'pcm_s16le'] },
} as const

/** The mix (a WAV) encoded as MP3, AAC or WAV. */
export async function encodeAudio(mix: Buffer, kind: keyof typeof ENCODINGS): Promise<Buffer> {
  if (kind === 'wav') return mix
  return inTempDir(async (dir) => {
    const input = join(dir, 'mix.wav')
    const output = join(dir, `out.${ENCODINGS[kind].extension}`)
    await writeFile(input, mix)
    const run = await ffmpeg(['-loglevel', 'error', '-i', input, ...ENCODINGS[kind].args, output])
    if (run.failed) throw new Error(`${kind} encoding failed: ${run.stderr}`)
    return readFile(output)
  })
}

/** The original picture over the dubbed mix: the same video stream, copied, with the new sound. */
export async function muxVideo(media: Buffer, mix: Buffer, range: { start: number; seconds: number }) {
  return inTempDir(async (dir) => {
    const video = join(dir, 'media.mp4')
    const audio = join(dir, 'mix.wav')
    const output = join(dir, 'dub.mp4')
    await writeFile(video, media)
    await writeFile(audio, mix)
    const run = await ffmpeg([
      '-loglevel',
      'error',
      ...(range.start > 0 ? ['-ss', String(range.start)] : []),
      '-i',
      video,
      '-i',
      audio,
      '-map',
      '0:v:0',
      '-map',
      '1:a:0',
      '-c:v',
      'copy',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-t',
      String(range.seconds),
      '-movflags',
      '+faststart',
      output,
    ])
    if (run.failed) throw new Error(`mp4 muxing failed: ${run.stderr}`)
    return readFile(output)
  })
}

/** Mono 16-bit WAV of float samples at dubbing's working rate unless another is given. */
export const wavOf = (samples: Float32Array, sampleRate = RATE): Buffer => wavFile(samples, sampleRate)
