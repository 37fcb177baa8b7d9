import {
  createEncoder,
  DEFAULT_OUTPUT_FORMAT,
  finalizeWav,
  PREMADE_VOICES,
  parseOutputFormat,
  type SpeechService,
  type VoiceDefinition,
} from '@timbre/speech'
import type { Database } from '../../src/db/database.js'
import { newId } from '../../src/lib/ids.js'
import { createLocalStorage, defaultStorageDir, type FileStorage } from '../../src/lib/storage.js'
import { createHistoryRepository } from '../../src/modules/history/history.repository.js'
import type { HistoryItemRow } from '../../src/modules/history/history.tables.js'
import { workspaceIdOf } from './factories.js'
import { createTestApp, type TestApp } from './test-app.js'

// History items with real audio, written the way text to speech writes them (the
// repository's `insert` inside a transaction, the audio through the app's file storage).

export interface HistoryTestApp extends TestApp {
  storage: FileStorage
}

/** The real app on a fresh database, with the file storage it writes to. */
export async function createHistoryTestApp(): Promise<HistoryTestApp> {
  const test = await createTestApp()
  return { ...test, storage: createLocalStorage(defaultStorageDir(test.dataDir)) }
}

/** Kept under this name for the history tests. */
export const workspaceOf = workspaceIdOf

export interface HistoryItemOptions {
  workspaceId: string
  userId?: string | null
  text?: string
  voice?: VoiceDefinition
  voiceCategory?: string
  modelId?: string
  source?: 'TTS' | 'STS'
  outputFormat?: string
  settings?: Record<string, unknown> | null
  dialogue?: Array<{ text: string; voice_id: string; voice_name?: string }> | null
  feedback?: Record<string, unknown> | null
  createdAt?: Date
  /** Synthesise `text` with this service (real speech, alignments); otherwise a short tone is encoded. */
  speech?: SpeechService
}

const toneCache = new Map<string, Uint8Array>()

/** 0.3 s of a 440 Hz tone with soft edges, encoded in `outputFormat` by the speech package's encoders. */
export function encodeTone(outputFormat: string): Uint8Array {
  const cached = toneCache.get(outputFormat)
  if (cached) return cached
  const format = parseOutputFormat(outputFormat)
  const length = Math.round(format.sampleRate * 0.3)
  const samples = new Float32Array(length)
  for (let i = 0; i < length; i++) {
    const edge = Math.min(1, i / 400, (length - i) / 400)
    samples[i] = 0.4 * edge * Math.sin((2 * Math.PI * 440 * i) / format.sampleRate)
  }
  const encoder = createEncoder(format)
  const head = encoder.encode(samples)
  const tail = encoder.end()
  const bytes = new Uint8Array(head.length + tail.length)
  bytes.set(head)
  bytes.set(tail, head.length)
  const audio = format.codec === 'wav' ? finalizeWav(bytes) : bytes
  toneCache.set(outputFormat, audio)
  return audio
}

const defaultVoice = (): VoiceDefinition => {
  const voice = PREMADE_VOICES[0]
  if (!voice) throw new Error('no premade voices')
  return voice
}

export async function createHistoryItem(
  deps: { db: Database; storage: FileStorage },
  options: HistoryItemOptions,
): Promise<HistoryItemRow> {
  const id = newId()
  const voice = options.voice ?? defaultVoice()
  const text = options.text ?? `History item ${id}`
  const outputFormat = options.outputFormat ?? DEFAULT_OUTPUT_FORMAT
  const format = parseOutputFormat(outputFormat)
  const modelId = options.modelId ?? 'eleven_multilingual_v2'
  let audio: Uint8Array
  let alignment: unknown = null
  let durationSeconds = 0.3
  if (options.speech) {
    const result = await options.speech.synthesize({ text, voice, modelId }, outputFormat)
    audio = result.audio
    durationSeconds = result.durationSeconds
    alignment = result.alignment
  } else {
    audio = encodeTone(outputFormat)
  }
  const storageKey = `history/${options.workspaceId}/${id}.${format.fileExtension}`
  await deps.storage.put(storageKey, audio)
  const repository = createHistoryRepository(deps.db)
  await deps.db.transaction().execute((trx) =>
    repository.insert(trx, {
      id,
      workspace_id: options.workspaceId,
      user_id: options.userId ?? null,
      api_key_id: null,
      request_id: newId(),
      voice_id: voice.voice_id,
      voice_name: voice.name,
      voice_category: options.voiceCategory ?? 'premade',
      model_id: modelId,
      text,
      dialogue: options.dialogue ? JSON.stringify(options.dialogue) : null,
      settings:
        options.settings === null
          ? null
          : JSON.stringify(
              options.settings ?? {
                stability: 0.5,
                similarity_boost: 0.75,
                style: 0,
                use_speaker_boost: true,
                speed: 1,
              },
            ),
      source: options.source ?? 'TTS',
      output_format: outputFormat,
      content_type: format.contentType,
      storage_key: storageKey,
      size_bytes: audio.length,
      duration_seconds: durationSeconds,
      character_count_change_from: 0,
      character_count_change_to: text.length,
      alignment: alignment === null ? null : JSON.stringify(alignment),
      feedback: options.feedback ? JSON.stringify(options.feedback) : null,
      ...(options.createdAt ? { created_at: options.createdAt } : {}),
    }),
  )
  return deps.db.selectFrom('history_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}
