import type { Readable } from 'node:stream'
import { OUTPUT_FORMATS } from '@timbre/speech'
import { AppError } from '../../errors.js'
import type { FileStorage } from '../../lib/storage.js'
import { convertToWav, type StoredAudioFormat, storedAudioFormat } from './audio-convert.js'
import { generatedDownloadName, uniqueFileNames } from './download-names.js'
import type { HistoryRepository } from './history.repository.js'
import type { DownloadBody } from './history.schemas.js'
import type { Caller } from './history.service.js'
import type { HistoryItemRow } from './history.tables.js'
import { zipStream } from './zip-stream.js'

// `POST /v1/history/download` (public API; body: history_item_ids, output_format): one
// item -> its audio, several -> a zip. Every id is checked before a byte is sent: an
// unknown id or another workspace's id is a 404 for the whole request, never a partial
// archive.

export type DownloadResult =
  | { kind: 'file'; fileName: string; contentType: string; bytes: Uint8Array }
  | { kind: 'zip'; fileName: string; stream: Readable }

interface PlannedItem {
  item: HistoryItemRow
  /** Set when the audio must be converted to WAV. */
  convertFrom: StoredAudioFormat | null
  fileName: string
}

const MAX_LISTED_IDS = 5

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The extension of the stored audio (`mp3`, `wav`, `pcm`, ...). */
export function storedExtension(item: HistoryItemRow): string {
  return (
    OUTPUT_FORMATS[item.output_format]?.fileExtension ?? (item.content_type === 'audio/wav' ? 'wav' : 'mp3')
  )
}

/** The generated download name for one item's audio. */
export function itemFileName(item: HistoryItemRow, extension: string): string {
  return generatedDownloadName({
    createdAt: item.created_at,
    name: item.voice_name,
    category: item.voice_category,
    settings: isRecord(item.settings) ? item.settings : null,
    modelId: item.model_id,
    extension,
  })
}

export function createHistoryDownloadService(deps: { repository: HistoryRepository; storage: FileStorage }) {
  const { repository, storage } = deps

  async function plan(caller: Caller, body: DownloadBody): Promise<PlannedItem[]> {
    const ids = [...new Set(body.history_item_ids)]
    const rows = await repository.findMany(caller.workspaceId, ids)
    const byId = new Map(rows.map((row) => [row.id, row]))
    const missing = ids.filter((id) => !byId.has(id))
    if (missing.length > 0) {
      const listed = missing.slice(0, MAX_LISTED_IDS).map((id) => `'${id}'`)
      const more = missing.length > MAX_LISTED_IDS ? ` and ${missing.length - MAX_LISTED_IDS} more` : ''
      throw new AppError('history_item_not_found', {
        message: `History items not found: ${listed.join(', ')}${more}.`,
        param: 'history_item_ids',
      })
    }
    const wav = body.output_format === 'wav'
    const planned: PlannedItem[] = []
    for (const id of ids) {
      const item = byId.get(id) as HistoryItemRow
      const format = storedAudioFormat(item.output_format, item.content_type)
      if (wav && !format) {
        throw new AppError('audio_conversion_failed', {
          message: `The audio of '${id}' (${item.content_type}) cannot be converted to WAV.`,
        })
      }
      if ((await storage.size(item.storage_key)) === null) {
        throw new AppError('history_audio_missing', { message: `The audio of '${id}' is no longer stored.` })
      }
      planned.push({
        item,
        convertFrom: wav && format && format.codec !== 'wav' ? format : null,
        fileName: itemFileName(item, wav ? 'wav' : storedExtension(item)),
      })
    }
    return planned
  }

  async function load(entry: PlannedItem): Promise<Uint8Array> {
    const bytes = await storage.get(entry.item.storage_key)
    if (!bytes) {
      throw new AppError('history_audio_missing', {
        message: `The audio of '${entry.item.id}' is no longer stored.`,
      })
    }
    return entry.convertFrom ? convertToWav(bytes, entry.convertFrom) : bytes
  }

  return {
    async download(caller: Caller, body: DownloadBody): Promise<DownloadResult> {
      const planned = await plan(caller, body)
      const [only] = planned
      if (only && planned.length === 1) {
        const wav = body.output_format === 'wav'
        return {
          kind: 'file',
          fileName: only.fileName,
          contentType: wav ? 'audio/wav' : only.item.content_type,
          bytes: await load(only),
        }
      }
      const names = uniqueFileNames(planned.map((p) => p.fileName))
      return {
        kind: 'zip',
        fileName: generatedDownloadName({ createdAt: new Date(), name: 'history', extension: 'zip' }),
        stream: zipStream(
          planned.map((p, i) => ({
            name: names[i] ?? p.fileName,
            modifiedAt: p.item.created_at,
            load: () => load(p),
          })),
        ),
      }
    },
  }
}

export type HistoryDownloadService = ReturnType<typeof createHistoryDownloadService>
