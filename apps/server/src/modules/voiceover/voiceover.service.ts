import {
  VOICEOVER_DEFAULT_SECONDS,
  VOICEOVER_MAX_SECONDS,
  VOICEOVER_MAX_TRACKS,
  type VoiceoverTrackType,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import type { Principal } from '../../plugins/auth.js'
import { toMs } from './placement.js'
import type { ProjectRow, TimelineStore, VoiceoverRepository } from './voiceover.repository.js'
import { probeMedia } from './voiceover-media.js'
import { projectSummary, projectView, renderView, trackView } from './voiceover-views.js'

// Voiceover projects and their tracks. A project with media starts with a foreground track that
// holds the whole media as one clip; its timeline is as long as the media. Without media the
// timeline has a chosen length.

export const mediaKey = (workspaceId: string, projectId: string) =>
  `voiceover/${workspaceId}/${projectId}/media`

const TRACK_NAMES: Record<VoiceoverTrackType, string> = {
  voiceover_speaker: 'Speaker',
  sfx: 'Sound effects',
  foreground: 'Foreground',
  dubbed_speaker: 'Dubbed speaker',
}

export function createVoiceoverService(deps: {
  repository: VoiceoverRepository
  storage: FileStorage
  defaultVoiceId: string
  /** Refuses a voice the workspace cannot use (404), before anything is written. */
  checkVoice: (workspaceId: string, voiceId: string) => Promise<void>
  /** The language codes a dubbed speaker track may speak. */
  languages: readonly string[]
  /** Whether a render row's worker is gone (no heartbeat for a while). */
  renderStale: (updatedAt: Date, status: string) => boolean
}) {
  const { repository } = deps

  function checkLanguage(language: string): void {
    if (!deps.languages.includes(language))
      throw new AppError('validation_error', {
        message: `'${language.slice(0, 16)}' is not a language a dubbed track can speak; use one of: ${deps.languages.join(', ')}.`,
        param: 'language',
      })
  }

  async function project(principal: Principal, projectId: string): Promise<ProjectRow> {
    const row = await repository.find(principal.workspaceId, projectId)
    if (!row) throw new AppError('voiceover_project_not_found', { param: 'project_id' })
    return row
  }

  async function full(row: ProjectRow) {
    const [tracks, clips, latest] = await Promise.all([
      repository.tracks(row.id),
      repository.clips(row.id),
      repository.renders.latest(row.id),
    ])
    const render = latest ? renderView(latest, deps.renderStale(latest.updated_at, latest.status)) : null
    return projectView(row, tracks, clips, render)
  }

  async function locked<T>(
    principal: Principal,
    projectId: string,
    work: (store: TimelineStore, project: ProjectRow) => Promise<T>,
  ): Promise<T> {
    const done = await repository.locked(principal.workspaceId, projectId, work)
    if (!done) throw new AppError('voiceover_project_not_found', { param: 'project_id' })
    return done.result
  }

  return {
    project,
    full,
    locked,
    /** The tracks and clips as they are now (outside any lock). */
    contents: (row: ProjectRow) => Promise.all([repository.tracks(row.id), repository.clips(row.id)]),

    async list(principal: Principal) {
      return { projects: (await repository.list(principal.workspaceId)).map(projectSummary) }
    },

    async get(principal: Principal, projectId: string) {
      return full(await project(principal, projectId))
    },

    async create(
      principal: Principal,
      input: {
        name: string
        durationSeconds: number | null
        media: { fileName: string; data: Buffer } | null
      },
    ) {
      const id = newId()
      const probed = input.media ? await probeMedia(input.media.data) : null
      const durationMs = probed ? probed.durationMs : toMs(input.durationSeconds ?? VOICEOVER_DEFAULT_SECONDS)
      if (durationMs <= 0 || durationMs > VOICEOVER_MAX_SECONDS * 1000) {
        throw new AppError('validation_error', {
          message: `duration_seconds must be above 0 and at most ${VOICEOVER_MAX_SECONDS} seconds.`,
          param: 'duration_seconds',
        })
      }
      const key = mediaKey(principal.workspaceId, id)
      if (input.media) await deps.storage.put(key, input.media.data)
      const speaker = {
        id: newId(),
        project_id: id,
        type: 'voiceover_speaker' as const,
        name: 'Speaker 1',
        voice_id: deps.defaultVoiceId,
        language: null,
        position: 1,
      }
      const foreground = probed
        ? {
            id: newId(),
            project_id: id,
            type: 'foreground' as const,
            name: TRACK_NAMES.foreground,
            voice_id: null,
            language: null,
            position: 0,
          }
        : null
      try {
        await repository.create(
          {
            id,
            workspace_id: principal.workspaceId,
            created_by: principal.userId,
            name: input.name,
            duration_ms: durationMs,
            media_key: probed ? key : null,
            media_kind: probed?.kind ?? null,
            media_mime: probed?.mime ?? null,
            media_file_name: input.media?.fileName.slice(0, 200) ?? null,
            media_duration_ms: probed?.durationMs ?? null,
          },
          foreground ? [foreground, speaker] : [speaker],
          foreground
            ? [
                {
                  id: newId(),
                  project_id: id,
                  track_id: foreground.id,
                  kind: 'media',
                  start_ms: 0,
                  end_ms: durationMs,
                  source_start_ms: 0,
                  text: null,
                  voice_id: null,
                  audio_key: null,
                  audio_ms: null,
                  history_item_id: null,
                },
              ]
            : [],
        )
      } catch (error) {
        if (input.media) await deps.storage.delete(key).catch(() => undefined)
        throw error
      }
      return full(await project(principal, id))
    },

    async update(
      principal: Principal,
      projectId: string,
      patch: { name?: string; duration_seconds?: number },
    ) {
      await locked(principal, projectId, async (store, row) => {
        const change: { name?: string; duration_ms?: number } = {}
        if (patch.name !== undefined) change.name = patch.name
        if (patch.duration_seconds !== undefined) {
          const durationMs = toMs(patch.duration_seconds)
          if (row.media_key) {
            throw new AppError('validation_error', {
              message: 'A project with media is as long as its media.',
              param: 'duration_seconds',
            })
          }
          const lastEnd = (await store.clips(projectId)).reduce((end, c) => Math.max(end, c.end_ms), 0)
          if (durationMs < lastEnd)
            throw new AppError('voiceover_clip_overrun', { param: 'duration_seconds' })
          change.duration_ms = durationMs
        }
        await store.touch(projectId, change)
        return true
      })
      return full(await project(principal, projectId))
    },

    async remove(principal: Principal, projectId: string) {
      const row = await project(principal, projectId)
      const [clips, latest] = await Promise.all([repository.clips(row.id), repository.renders.latest(row.id)])
      await repository.remove(principal.workspaceId, projectId)
      const keys = [row.media_key, latest?.audio_key, latest?.video_key, ...clips.map((c) => c.audio_key)]
      for (const key of keys) if (key) await deps.storage.delete(key).catch(() => undefined)
      return { status: 'ok' as const }
    },

    async media(principal: Principal, projectId: string) {
      const row = await project(principal, projectId)
      const data = row.media_key ? await deps.storage.get(row.media_key) : null
      if (!data) throw new AppError('not_found', { message: 'This project has no media.' })
      return { data, mime: row.media_mime ?? 'application/octet-stream' }
    },

    async addTrack(
      principal: Principal,
      projectId: string,
      body: {
        type: VoiceoverTrackType
        name?: string | undefined
        voice_id?: string | null | undefined
        language?: string | null | undefined
      },
    ) {
      // Looked up before the project is locked: the lock holds a connection of its own.
      if (body.voice_id) await deps.checkVoice(principal.workspaceId, body.voice_id)
      return locked(principal, projectId, async (store, row) => {
        const tracks = await store.tracks(projectId)
        if (tracks.length >= VOICEOVER_MAX_TRACKS) throw new AppError('voiceover_limit_reached')
        if (body.type === 'foreground' && !row.media_key) {
          throw new AppError('validation_error', {
            message: 'A foreground track holds the project media: upload a video or audio file first.',
            param: 'type',
          })
        }
        if (body.type === 'dubbed_speaker' && !body.language) {
          throw new AppError('validation_error', {
            message: 'A dubbed speaker track needs a language.',
            param: 'language',
          })
        }
        if (body.type === 'dubbed_speaker' && body.language) checkLanguage(body.language)
        const speaks = body.type === 'voiceover_speaker' || body.type === 'dubbed_speaker'
        const track = {
          id: newId(),
          project_id: projectId,
          type: body.type,
          name:
            body.name ?? `${TRACK_NAMES[body.type]} ${tracks.filter((t) => t.type === body.type).length + 1}`,
          voice_id: speaks ? (body.voice_id ?? deps.defaultVoiceId) : null,
          language: body.type === 'dubbed_speaker' ? (body.language ?? null) : null,
          position: tracks.reduce((max, t) => Math.max(max, t.position), -1) + 1,
        }
        await store.insertTrack(track)
        await store.touch(projectId)
        return trackView({ ...track, muted: false, created_at: new Date() })
      })
    },

    async updateTrack(
      principal: Principal,
      projectId: string,
      trackId: string,
      body: {
        name?: string | undefined
        voice_id?: string | undefined
        language?: string | undefined
        muted?: boolean | undefined
      },
    ) {
      // Looked up before the project is locked: the lock holds a connection of its own.
      if (body.voice_id !== undefined) await deps.checkVoice(principal.workspaceId, body.voice_id)
      return locked(principal, projectId, async (store) => {
        const tracks = await store.tracks(projectId)
        const track = tracks.find((t) => t.id === trackId)
        if (!track) throw new AppError('voiceover_track_not_found', { param: 'track_id' })
        // The track's voice and language apply to the clips generated from then on.
        if (body.voice_id !== undefined) {
          if (track.type !== 'voiceover_speaker' && track.type !== 'dubbed_speaker')
            throw new AppError('validation_error', {
              message: 'Only speaker tracks have a voice.',
              param: 'voice_id',
            })
        }
        if (body.language !== undefined) {
          if (track.type !== 'dubbed_speaker')
            throw new AppError('validation_error', {
              message: 'Only dubbed speaker tracks have a language.',
              param: 'language',
            })
          checkLanguage(body.language)
          if (body.language !== track.language) {
            const clips = await store.clips(projectId)
            const others = new Set(
              tracks
                .filter(
                  (t) => t.type === 'dubbed_speaker' && t.language === body.language && t.id !== trackId,
                )
                .map((t) => t.id),
            )
            const mine = clips.filter((c) => c.track_id === trackId)
            const clash = clips.some(
              (c) =>
                others.has(c.track_id) && mine.some((m) => m.start_ms < c.end_ms && c.start_ms < m.end_ms),
            )
            if (clash)
              throw new AppError('voiceover_dubbed_overlap', {
                message: `Invalid placement: the clips of this track overlap clips of another dubbed ${body.language} track.`,
                param: 'language',
              })
          }
        }
        const patch = {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.muted !== undefined ? { muted: body.muted } : {}),
          ...(body.voice_id !== undefined ? { voice_id: body.voice_id } : {}),
          ...(body.language !== undefined ? { language: body.language } : {}),
        }
        if (Object.keys(patch).length > 0) await store.updateTrack(trackId, patch)
        await store.touch(projectId)
        return trackView({ ...track, ...patch })
      })
    },

    async deleteTrack(principal: Principal, projectId: string, trackId: string) {
      const keys = await locked(principal, projectId, async (store) => {
        const track = (await store.tracks(projectId)).find((t) => t.id === trackId)
        if (!track) throw new AppError('voiceover_track_not_found', { param: 'track_id' })
        const clips = (await store.clips(projectId)).filter((c) => c.track_id === trackId)
        await store.deleteTrack(trackId)
        await store.touch(projectId)
        return clips.map((c) => c.audio_key)
      })
      for (const key of keys) if (key) await deps.storage.delete(key).catch(() => undefined)
      return { status: 'ok' as const }
    },
  }
}

export type VoiceoverService = ReturnType<typeof createVoiceoverService>
