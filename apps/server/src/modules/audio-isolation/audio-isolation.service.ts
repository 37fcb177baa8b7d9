import {
  AUDIO_ISOLATION_MAX_BYTES,
  AUDIO_ISOLATION_MAX_SECONDS,
  AUDIO_ISOLATION_OUTPUT_FORMAT,
  AUDIO_ISOLATION_SILENCE_DB,
  audioIsolationCredits,
} from '@timbre/contract'
import { createEncoder, createIsolator, levelDb, parseOutputFormat } from '@timbre/speech'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import type { Principal } from '../../plugins/auth.js'
import type { Recorder } from '../recording/recording.types.js'
import { sniffAudio } from '../voices/audio-sniff.js'
import { decodeTo48kMono, UndecodableAudio } from './audio-decode.js'
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

/** Seconds of isolated audio encoded per piece of a streamed answer. */
const STREAM_PIECE_SECONDS = 2

export interface IsolationRun {
  readonly cost: number
  readonly historyItemId: string
  readonly contentType: string
  /** Encoded audio, piece by piece; the run is stored and charged when the last piece is out. */
  pieces(): AsyncIterable<Uint8Array>
  /** Broke off before the end: nothing is stored, nothing charged. */
  abandon(): Promise<void>
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

  /** Checks, decodes and reserves the credits; the audio is made as `pieces()` is read. */
  async function begin(
    principal: Principal,
    requestId: string,
    upload: IsolationUpload,
  ): Promise<IsolationRun> {
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
    const seconds = samples.length / 48_000
    if (seconds > deps.limits.maxSeconds) throw tooBig()
    // A recording with no audible sound has nothing to isolate: refused before any charge.
    if (levelDb(samples) < AUDIO_ISOLATION_SILENCE_DB) throw new AppError('audio_silent', { param: 'audio' })

    const recording = await deps.recorder.begin({
      principal,
      requestId,
      kind: 'audio-isolation',
      format,
      costMultiplier: 1,
      history: null,
      charge: { text: upload.fileName || 'audio', hash: null, credits: audioIsolationCredits(seconds) },
    })
    const id = newId()
    let settled = false

    async function* pieces(): AsyncIterable<Uint8Array> {
      const isolator = await createIsolator(format.sampleRate)
      const encoder = createEncoder(format)
      const parts: Uint8Array[] = []
      const step = STREAM_PIECE_SECONDS * 48_000
      try {
        for (let at = 0; at < samples.length; at += step) {
          // Each piece is a few milliseconds of work; between pieces other requests get the
          // event loop, so an hour-long file does not stall the server.
          await new Promise<void>((resolve) => setImmediate(resolve))
          const bytes = encoder.encode(isolator.push(samples.subarray(at, at + step)))
          parts.push(bytes)
          if (bytes.length > 0) yield bytes
        }
        const last = encoder.encode(isolator.end())
        const tail = encoder.end()
        const closing = new Uint8Array(last.length + tail.length)
        closing.set(last)
        closing.set(tail, last.length)
        parts.push(closing)
        if (closing.length > 0) yield closing
      } finally {
        isolator.close()
      }
      // Everything went out: store the audio and its history row, then settle the charge.
      const audio = Buffer.concat(parts)
      const key = storageKey(principal.workspaceId, id, format.fileExtension)
      await deps.storage.put(key, audio)
      try {
        await deps.repository.insert({
          id,
          workspace_id: principal.workspaceId,
          user_id: principal.userId,
          request_id: requestId,
          title: upload.fileName || 'audio',
          output_format: format.id,
          content_type: format.contentType,
          storage_key: key,
          size_bytes: audio.length,
          duration_seconds: Math.round(seconds * 1000) / 1000,
          credits: recording.cost,
          preview_b64: upload.previewB64,
        })
        recording.delivered({
          audio,
          alignment: null,
          characters: Math.max(1, [...(upload.fileName || 'audio')].length),
          piece: 0,
          endSeconds: seconds,
        })
        await recording.complete()
        settled = true
      } catch (error) {
        await deps.repository.delete(principal.workspaceId, id).catch(() => undefined)
        await deps.storage.delete(key).catch(() => undefined)
        throw error
      }
    }

    return {
      cost: recording.cost,
      historyItemId: id,
      contentType: format.contentType,
      pieces,
      async abandon() {
        if (!settled) await recording.fail({ reachedClient: false })
      },
    }
  }

  return {
    begin,

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
