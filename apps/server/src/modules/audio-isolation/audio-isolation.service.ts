import {
  AUDIO_ISOLATION_MAX_BYTES,
  AUDIO_ISOLATION_MAX_SECONDS,
  AUDIO_ISOLATION_OUTPUT_FORMAT,
  AUDIO_ISOLATION_SILENCE_DB,
  audioIsolationCredits,
} from '@timbre/contract'
import {
  createEncoder,
  createIsolator,
  joinAudio,
  levelDb,
  parseOutputFormat,
  removeRumble,
} from '@timbre/speech'
import { AppError } from '../../errors.js'
import { decodeTo48kMono, UndecodableAudio } from '../../lib/audio/audio-decode.js'
import { sniffAudio } from '../../lib/audio/audio-sniff.js'
import type { FileStorage } from '../../lib/storage.js'
import type { Principal } from '../../plugins/auth.js'
import type { Recorder } from '../recording/recording.module.js'
import type { IsolationItemRow, IsolationRepository } from './audio-isolation.repository.js'

export interface IsolationLimits {
  maxBytes: number
  maxSeconds: number
}

export const DEFAULT_ISOLATION_LIMITS: IsolationLimits = {
  maxBytes: AUDIO_ISOLATION_MAX_BYTES,
  maxSeconds: AUDIO_ISOLATION_MAX_SECONDS,
}

export interface IsolationUpload {
  data: Buffer
  fileName: string
  fileFormat: 'other' | 'pcm_s16le_16'
  previewB64: string | null
}

/** The product's message, with the limits in force (an operator may have lowered them). */
export function fileTooBig(limits: IsolationLimits): AppError {
  const mb = Math.floor((limits.maxBytes / (1024 * 1024)) * 10) / 10
  const minutes = Math.floor((limits.maxSeconds / 60) * 10) / 10
  return new AppError('audio_file_too_big', {
    message: `File too big: voice isolation takes files up to ${mb} MB and ${minutes} minutes long.`,
    param: 'audio',
  })
}

/** Seconds of audio isolated between two progress reports (and two turns of the event loop). */
const PIECE_SECONDS = 2

export interface IsolationResult {
  historyItemId: string
  cost: number
}

function storageKey(workspaceId: string, id: string, extension: string): string {
  return `audio-isolation/${workspaceId}/${id}.${extension}`
}

export function createIsolationService(deps: {
  recorder: Recorder
  repository: IsolationRepository
  storage: FileStorage
  limits: IsolationLimits
}) {
  const format = parseOutputFormat(AUDIO_ISOLATION_OUTPUT_FORMAT)
  const tooBig = () => fileTooBig(deps.limits)

  /** Checks the upload by its bytes and decodes it to 48 kHz mono; every refusal is a 4xx. */
  async function decodeUpload(upload: Pick<IsolationUpload, 'data' | 'fileFormat'>): Promise<Float32Array> {
    if (upload.data.length > deps.limits.maxBytes) throw tooBig()
    if (upload.data.length === 0) throw new AppError('invalid_audio_file', { param: 'audio' })
    if (upload.fileFormat === 'other') {
      // Only the bytes decide what a file is: a renamed text or image file is refused here.
      const sniffed = sniffAudio(upload.data)
      if (!sniffed) throw new AppError('invalid_audio_file', { param: 'audio' })
      if (sniffed.durationSeconds !== null && sniffed.durationSeconds > deps.limits.maxSeconds) throw tooBig()
    }
    let samples: Float32Array
    try {
      samples = await decodeTo48kMono(
        upload.data,
        upload.fileFormat === 'other' ? 'detect' : 'pcm_s16le_16',
        deps.limits.maxSeconds,
      )
    } catch (error) {
      if (error instanceof UndecodableAudio) throw new AppError('invalid_audio_file', { param: 'audio' })
      throw error
    }
    if (samples.length === 0) throw new AppError('invalid_audio_file', { param: 'audio' })
    if (samples.length / 48_000 > deps.limits.maxSeconds) throw tooBig()
    // A recording with no audible sound has nothing to isolate: refused before any charge.
    if (levelDb(samples) < AUDIO_ISOLATION_SILENCE_DB) throw new AppError('audio_silent', { param: 'audio' })
    return samples
  }

  /**
   * Reserves the credits, isolates and encodes the audio piece by piece (reporting the percent
   * done), stores it with its history row under `id`, then settles. On any failure the
   * reservation is released and nothing is kept; if the process dies instead, the recording
   * sweeper releases it. A history row already under `id` means a finished earlier run.
   */
  async function isolate(
    principal: Principal,
    requestId: string,
    item: { id: string; title: string; previewB64: string | null },
    samples: Float32Array,
    onProgress: (percent: number) => Promise<void>,
  ): Promise<IsolationResult> {
    const earlier = await deps.repository.find(principal.workspaceId, item.id)
    if (earlier) return { historyItemId: earlier.id, cost: earlier.credits }
    const seconds = samples.length / 48_000
    const recording = await deps.recorder.begin({
      principal,
      requestId,
      kind: 'audio-isolation',
      format,
      costMultiplier: 1,
      history: null,
      charge: { text: item.title, hash: null, credits: audioIsolationCredits(seconds) },
    })
    const key = storageKey(principal.workspaceId, item.id, format.fileExtension)
    let stored = false
    try {
      // The whole recording is here: the zero-phase rumble filter goes first (see removeRumble).
      removeRumble(samples, 48_000)
      const isolator = await createIsolator(format.sampleRate)
      const encoder = createEncoder(format)
      const parts: Uint8Array[] = []
      const step = PIECE_SECONDS * 48_000
      try {
        for (let at = 0; at < samples.length; at += step) {
          // Each piece is a few milliseconds of work; between pieces other work gets the event loop.
          await new Promise<void>((resolve) => setImmediate(resolve))
          parts.push(encoder.encode(isolator.push(samples.subarray(at, at + step))))
          await onProgress(Math.min(99, Math.floor(((at + step) / samples.length) * 100)))
        }
        parts.push(encoder.encode(isolator.end()), encoder.end())
      } finally {
        isolator.close()
      }
      const joined = joinAudio(parts, format)
      const audio = Buffer.from(joined.buffer, joined.byteOffset, joined.byteLength)
      await deps.storage.put(key, audio)
      stored = true
      await deps.repository.insert({
        id: item.id,
        workspace_id: principal.workspaceId,
        user_id: principal.userId,
        request_id: requestId,
        title: item.title,
        output_format: format.id,
        content_type: format.contentType,
        storage_key: key,
        size_bytes: audio.length,
        duration_seconds: Math.round(seconds * 1000) / 1000,
        credits: recording.cost,
        preview_b64: item.previewB64,
      })
      recording.held({
        audio,
        alignment: null,
        characters: Math.max(1, [...item.title].length),
        piece: 0,
        endSeconds: seconds,
      })
      await recording.complete()
      return { historyItemId: item.id, cost: recording.cost }
    } catch (error) {
      await recording.fail()
      await deps.repository.delete(principal.workspaceId, item.id).catch(() => undefined)
      if (stored) await deps.storage.delete(key).catch(() => undefined)
      throw error
    }
  }

  return {
    decodeUpload,
    isolate,
    contentType: format.contentType,

    async list(principal: Principal, q: { pageSize: number; page: number; search?: string | undefined }) {
      const { rows, hasMore } = await deps.repository.list(principal.workspaceId, q)
      return { items: rows.map(view), has_more: hasMore }
    },

    async audio(principal: Principal, id: string): Promise<{ row: IsolationItemRow; audio: Buffer }> {
      const row = await deps.repository.find(principal.workspaceId, id)
      if (!row) throw new AppError('audio_isolation_item_not_found', { param: 'history_item_id' })
      const audio = await deps.storage.get(row.storage_key)
      if (!audio) throw new AppError('history_audio_missing')
      return { row, audio }
    },

    async remove(principal: Principal, id: string): Promise<void> {
      const row = await deps.repository.delete(principal.workspaceId, id)
      if (!row) throw new AppError('audio_isolation_item_not_found', { param: 'history_item_id' })
      await deps.storage.delete(row.storage_key)
    },
  }
}

/** A history row as the public API shows it. */
function view(row: IsolationItemRow) {
  return {
    id: row.id,
    title: row.title,
    created_at_unix: Math.floor(row.created_at.getTime() / 1000),
    format: row.output_format,
    duration_seconds: row.duration_seconds,
    download_url: `/v1/audio-isolation/history/${row.id}/audio`,
    supports_video: false,
    processing: false,
    video_processing_failed: false,
    ...(row.preview_b64 ? { preview_b64: row.preview_b64 } : {}),
  }
}

export type IsolationService = ReturnType<typeof createIsolationService>
