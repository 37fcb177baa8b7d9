import type { DubbingExportFormat } from '@timbre/contract'
import { DUBBING_EDITOR_LOCK_SECONDS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { dubMetadata, dubResource, transcriptJson } from './dub-views.js'
import type { DubRow } from './dubbing.repository.js'
import type { DubbingDeps } from './dubbing-deps.js'
import { renderLanguage } from './exports/render-language.js'
import { csvOf, srtOf, webvttOf } from './exports/tables.js'

// Reading and removing dubs, their renders, transcripts and exports, and the editor's hold.

export interface DownloadedFile {
  data: Buffer
  contentType: string
  fileName: string
}

async function owned(deps: DubbingDeps, principal: Principal, dubId: string): Promise<DubRow> {
  const dub = await deps.repository.find(principal.workspaceId, dubId)
  if (!dub) throw new AppError('dubbing_not_found', { param: 'dubbing_id' })
  return dub
}

function checkTarget(dub: DubRow, language: string): void {
  if (!dub.target_languages.includes(language) && language !== dub.source_lang)
    throw new AppError('dubbing_language_not_found', { param: 'language_code' })
}

/** An opaque page cursor: the last row's creation time and id. */
const encodeCursor = (row: DubRow) =>
  Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString('base64url')
function decodeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|')
  const date = new Date(at ?? '')
  if (!id || Number.isNaN(date.getTime()))
    throw new AppError('validation_error', { message: 'cursor is not valid.', param: 'cursor' })
  return { at: date, id }
}

const STATUS_STATES: Record<string, DubRow['status'][]> = {
  dubbing: ['queued', 'running'],
  dubbed: ['dubbed'],
  failed: ['refund_pending', 'refunded'],
}

export function createDubs(deps: DubbingDeps) {
  const { repository } = deps
  return {
    async list(
      principal: Principal,
      q: { pageSize: number; cursor?: string | undefined; status?: string | undefined },
    ) {
      const { rows, hasMore } = await repository.list(principal.workspaceId, {
        pageSize: q.pageSize,
        cursor: decodeCursor(q.cursor),
        statuses: q.status ? (STATUS_STATES[q.status] ?? []) : null,
      })
      const last = rows.at(-1)
      return {
        dubs: rows.map(dubMetadata),
        has_more: hasMore,
        ...(hasMore && last ? { next_cursor: encodeCursor(last) } : {}),
      }
    },

    async get(principal: Principal, dubId: string) {
      return dubMetadata(await owned(deps, principal, dubId))
    },

    async resource(principal: Principal, dubId: string) {
      const dub = await owned(deps, principal, dubId)
      const [speakers, segments] = await Promise.all([
        repository.speakers(dub.id),
        repository.segments(dub.id),
      ])
      return dubResource(dub, speakers, segments)
    },

    async remove(principal: Principal, dubId: string) {
      const found = await owned(deps, principal, dubId)
      const segments = await repository.segments(found.id)
      const dub = await repository.delete(principal.workspaceId, dubId)
      if (!dub) throw new AppError('dubbing_not_found', { param: 'dubbing_id' })
      // The rows are gone first, so a file left behind by a failed delete is never served.
      const keys = [
        dub.media_key,
        dub.background_key,
        ...Object.values(dub.renders).map((r) => r.key),
        ...segments.flatMap((s) => Object.values(s.dubs).map((d) => d.audio_key)),
      ].filter((k): k is string => Boolean(k))
      for (const key of keys) await deps.storage.delete(key).catch(() => undefined)
      return { status: 'ok' }
    },

    /** A language's dubbed file (the dub's own render: MP4 for a video, MP3 for audio). */
    async audio(principal: Principal, dubId: string, language: string): Promise<DownloadedFile> {
      const dub = await owned(deps, principal, dubId)
      if (dub.status !== 'dubbed') throw new AppError('dubbing_in_progress')
      checkTarget(dub, language)
      return this.exported(principal, dubId, language, dub.is_video ? 'mp4' : 'mp3')
    },

    async transcript(
      principal: Principal,
      dubId: string,
      language: string,
      format: 'srt' | 'webvtt' | 'json',
    ) {
      const dub = await owned(deps, principal, dubId)
      checkTarget(dub, language)
      const [speakers, segments] = await Promise.all([
        repository.speakers(dub.id),
        repository.segments(dub.id),
      ])
      const lang = language === dub.source_lang ? null : language
      if (format === 'srt') return srtOf(segments, lang)
      if (format === 'webvtt') return webvttOf(segments, lang)
      return transcriptJson(dub, speakers, segments, language)
    },

    /** A download in any export format, rendered now unless a render of this version is stored. */
    async exported(
      principal: Principal,
      dubId: string,
      language: string,
      format: DubbingExportFormat,
    ): Promise<DownloadedFile> {
      const dub = await owned(deps, principal, dubId)
      checkTarget(dub, language)
      const base = `${dub.name.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'dub'}_${language}`
      if (format === 'srt' || format === 'csv') {
        const [speakers, segments] = await Promise.all([
          repository.speakers(dub.id),
          repository.segments(dub.id),
        ])
        const lang = language === dub.source_lang ? null : language
        return format === 'srt'
          ? {
              data: Buffer.from(srtOf(segments, lang)),
              contentType: 'application/x-subrip',
              fileName: `${base}.srt`,
            }
          : {
              data: Buffer.from(csvOf(segments, speakers, language)),
              contentType: 'text/csv',
              fileName: `${base}.csv`,
            }
      }
      if (format === 'zip') throw new AppError('dubbing_render_type_unavailable', { param: 'format' })
      // Audio and archives exist for the dubbed languages only; the source has its transcript.
      if (!dub.target_languages.includes(language))
        throw new AppError('dubbing_language_not_found', { param: 'language_code' })
      let render = dub.renders[`${language}:${format}`]
      if (!render || render.version !== dub.version || !render.key) {
        await renderLanguage(deps, dub.id, language, format)
        render = (await repository.findAny(dub.id))?.renders[`${language}:${format}`]
      }
      const data = render?.key ? await deps.storage.get(render.key) : null
      if (!render || !data) throw new AppError('dubbing_render_not_found')
      const extension = format.endsWith('_zip') ? 'zip' : format
      return {
        data,
        contentType: render.content_type ?? 'application/octet-stream',
        fileName: `${base}.${extension}`,
      }
    },
    ...editorFiles(deps),
  }
}

/** The editor's hold on a dub, and the files its player plays. */
function editorFiles(deps: DubbingDeps) {
  const { repository } = deps
  return {
    /** Holds the dub for one editor session; another session's live hold is refused. */
    async holdEditor(principal: Principal, dubId: string, session: string) {
      const dub = await owned(deps, principal, dubId)
      const until = new Date(Date.now() + DUBBING_EDITOR_LOCK_SECONDS * 1000)
      if (!(await repository.holdEditor(dub.id, session, until))) throw new AppError('dubbing_already_edited')
      return { held_until: until.toISOString() }
    },

    async releaseEditor(principal: Principal, dubId: string, session: string) {
      const dub = await owned(deps, principal, dubId)
      await repository.releaseEditor(dub.id, session)
      return { status: 'ok' }
    },

    /** The dub's source media (for the editor's player). */
    async source(principal: Principal, dubId: string): Promise<DownloadedFile> {
      const dub = await owned(deps, principal, dubId)
      const data = await deps.storage.get(dub.media_key)
      if (!data) throw new AppError('dubbing_render_not_found')
      return { data, contentType: dub.media_content_type, fileName: dub.media_file_name }
    },

    /** One segment's dubbed clip in a language. */
    async clip(
      principal: Principal,
      dubId: string,
      segmentId: string,
      language: string,
    ): Promise<DownloadedFile> {
      const dub = await owned(deps, principal, dubId)
      const segment = (await repository.segments(dub.id)).find((s) => s.id === segmentId)
      const key = segment?.dubs[language]?.audio_key
      const data = key ? await deps.storage.get(key) : null
      if (!data) throw new AppError('dubbing_render_not_found')
      return { data, contentType: 'audio/wav', fileName: `${segmentId}_${language}.wav` }
    },
  }
}

export type Dubs = ReturnType<typeof createDubs>
