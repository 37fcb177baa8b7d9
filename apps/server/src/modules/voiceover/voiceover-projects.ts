import { VOICEOVER_DEFAULT_SECONDS, VOICEOVER_MAX_SECONDS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { toMs } from './placement.js'
import { full, locked, project } from './project-access.js'
import { mediaKey, TRACK_NAMES, type VoiceoverDeps } from './voiceover-deps.js'
import { probeMedia } from './voiceover-media.js'
import { projectSummary } from './voiceover-views.js'

export async function list(deps: VoiceoverDeps, principal: Principal) {
  const { repository } = deps
  return { projects: (await repository.list(principal.workspaceId)).map(projectSummary) }
}

export async function get(deps: VoiceoverDeps, principal: Principal, projectId: string) {
  return full(deps, await project(deps, principal, projectId))
}

export async function create(
  deps: VoiceoverDeps,
  principal: Principal,
  input: {
    name: string
    durationSeconds: number | null
    media: { fileName: string; data: Buffer } | null
  },
) {
  const { repository } = deps
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
  return full(deps, await project(deps, principal, id))
}

export async function update(
  deps: VoiceoverDeps,
  principal: Principal,
  projectId: string,
  patch: { name?: string; duration_seconds?: number },
) {
  await locked(deps, principal, projectId, async (store, row) => {
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
      if (durationMs < lastEnd) throw new AppError('voiceover_clip_overrun', { param: 'duration_seconds' })
      change.duration_ms = durationMs
    }
    await store.touch(projectId, change)
    return true
  })
  return full(deps, await project(deps, principal, projectId))
}

export async function remove(deps: VoiceoverDeps, principal: Principal, projectId: string) {
  const { repository } = deps
  const row = await project(deps, principal, projectId)
  const [clips, latest] = await Promise.all([repository.clips(row.id), repository.renders.latest(row.id)])
  await repository.remove(principal.workspaceId, projectId)
  const keys = [row.media_key, latest?.audio_key, latest?.video_key, ...clips.map((c) => c.audio_key)]
  for (const key of keys) if (key) await deps.storage.delete(key).catch(() => undefined)
  return { status: 'ok' as const }
}

export async function media(deps: VoiceoverDeps, principal: Principal, projectId: string) {
  const row = await project(deps, principal, projectId)
  const data = row.media_key ? await deps.storage.get(row.media_key) : null
  if (!data) throw new AppError('not_found', { message: 'This project has no media.' })
  return { data, mime: row.media_mime ?? 'application/octet-stream' }
}
