import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TRANSCRIPT_PEAKS_MAX, TRANSCRIPT_PEAKS_PER_SECOND } from '@timbre/contract'
import { RECOGNITION_SAMPLE_RATE } from '@timbre/speech'
import { ffmpegPath } from '../../../lib/audio/audio-decode.js'
import type { FileStorage } from '../../../lib/storage.js'
import type { TranscriptEditsRepository } from './transcript-editing.repository.js'

// A transcript keeps the audio it was made from, so the editor can play any word and re-align
// edited words. The decoded 16 kHz samples become a small MP3 (mono, 32 kbit/s) through FFmpeg
// in a child process, beside a waveform of a few bars a second.

const ENCODE_BITRATE = '32k'

export function transcriptAudioKey(workspaceId: string, transcriptId: string): string {
  return `transcripts/${workspaceId}/${transcriptId}.mp3`
}

/** Bars of the loudest sample per slice, 0 to 100, scaled so the loudest bar is 100. */
export function waveformPeaks(samples: Float32Array, seconds: number): number[] {
  const count = Math.min(
    TRANSCRIPT_PEAKS_MAX,
    Math.max(1, Math.round(seconds * TRANSCRIPT_PEAKS_PER_SECOND)),
    samples.length,
  )
  const size = samples.length / count
  const raw: number[] = []
  let loudest = 0
  for (let b = 0; b < count; b++) {
    let peak = 0
    const end = Math.min(samples.length, Math.max(Math.floor(b * size) + 1, Math.floor((b + 1) * size)))
    for (let i = Math.floor(b * size); i < end; i++) {
      const v = Math.abs(samples[i]!)
      if (v > peak) peak = v
    }
    raw.push(peak)
    if (peak > loudest) loudest = peak
  }
  return raw.map((p) => (loudest > 0 ? Math.round((p / loudest) * 100) : 0))
}

/** 16 kHz mono samples as an MP3 file. */
export async function encodeTranscriptAudio(samples: Float32Array): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'timbre-transcript-'))
  try {
    const input = join(dir, 'input.f32')
    const output = join(dir, 'audio.mp3')
    await writeFile(input, new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength))
    const args = [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-f',
      'f32le',
      '-ar',
      String(RECOGNITION_SAMPLE_RATE),
    ]
    args.push('-ac', '1', '-i', input, '-c:a', 'libmp3lame', '-b:a', ENCODE_BITRATE, '-y', output)
    await new Promise<void>((resolve, reject) =>
      execFile(ffmpegPath(), args, (error, _stdout, stderr) =>
        error ? reject(new Error(String(stderr).trim() || error.message)) : resolve(),
      ),
    )
    return await readFile(output)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** A stretch of the kept audio as 16 kHz samples, as the recogniser takes them. */
export async function decodeTranscriptSpan(
  bytes: Uint8Array,
  start: number,
  end: number,
): Promise<Float32Array> {
  const dir = await mkdtemp(join(tmpdir(), 'timbre-transcript-'))
  try {
    const input = join(dir, 'audio.mp3')
    await writeFile(input, bytes)
    const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-ss', start.toFixed(3), '-i', input]
    args.push(
      '-t',
      Math.max(0.01, end - start).toFixed(3),
      '-ac',
      '1',
      '-ar',
      String(RECOGNITION_SAMPLE_RATE),
    )
    args.push('-f', 'f32le', 'pipe:1')
    const out = await new Promise<Buffer>((resolve, reject) =>
      execFile(ffmpegPath(), args, { encoding: 'buffer', maxBuffer: 2 ** 30 }, (error, stdout, stderr) =>
        error ? reject(new Error(String(stderr).trim() || error.message)) : resolve(stdout),
      ),
    )
    const count = Math.floor(out.byteLength / 4)
    return new Float32Array(out.buffer.slice(out.byteOffset, out.byteOffset + count * 4))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export interface TranscriptAudioKeeper {
  /** Keeps a new transcript's audio. A failure is logged, never thrown: the transcript stands without it. */
  keep(input: {
    workspaceId: string
    transcriptId: string
    samples: Float32Array
    seconds: number
  }): Promise<void>
}

export function createTranscriptAudioKeeper(deps: {
  storage: FileStorage
  repository: TranscriptEditsRepository
  log: (message: string, details: Record<string, unknown>) => void
}): TranscriptAudioKeeper {
  return {
    async keep({ workspaceId, transcriptId, samples, seconds }) {
      if (samples.length === 0) return
      const key = transcriptAudioKey(workspaceId, transcriptId)
      try {
        const audio = await encodeTranscriptAudio(samples)
        await deps.storage.put(key, audio)
        const peaks = waveformPeaks(samples, seconds)
        await deps.repository.insertAudio({ transcriptId, workspaceId, key, bytes: audio.length, peaks })
      } catch (error) {
        await deps.storage.delete(key).catch(() => undefined)
        deps.log('The audio of a transcript could not be kept', { transcriptId, error })
      }
    },
  }
}
