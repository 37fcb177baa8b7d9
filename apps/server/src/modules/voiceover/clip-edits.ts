import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { ClipsDeps } from './clip-deps.js'
import { checkSplit, toMs } from './placement.js'
import type { ClipRow } from './voiceover.repository.js'
import { clipView } from './voiceover-views.js'

// A clip split in two at a point, deleted with its audio file, or its audio read.

export async function split(
  deps: ClipsDeps,
  principal: Principal,
  projectId: string,
  clipId: string,
  atSeconds: number,
) {
  const atMs = toMs(atSeconds)
  const parts = await deps.projects.locked(principal, projectId, async (store) => {
    const clip = (await store.clips(projectId)).find((c) => c.id === clipId)
    if (!clip) throw new AppError('voiceover_clip_not_found', { param: 'clip_id' })
    checkSplit(clip, atMs)
    const left = { ...clip, end_ms: atMs }
    const right: ClipRow = {
      ...clip,
      id: newId(),
      start_ms: atMs,
      source_start_ms: clip.source_start_ms + (atMs - clip.start_ms),
      created_at: new Date(),
    }
    await store.updateClip(clip.id, { end_ms: atMs })
    await store.insertClip(right)
    await store.touch(projectId)
    return [left, right]
  })
  return { clips: parts.map(clipView) }
}

export async function remove(deps: ClipsDeps, principal: Principal, projectId: string, clipId: string) {
  const key = await deps.projects.locked(principal, projectId, async (store) => {
    const clip = (await store.clips(projectId)).find((c) => c.id === clipId)
    if (!clip) throw new AppError('voiceover_clip_not_found', { param: 'clip_id' })
    await store.deleteClip(clip.id)
    await store.touch(projectId)
    return clip.audio_key
  })
  if (key) await deps.storage.delete(key).catch(() => undefined)
  return { status: 'ok' as const }
}

export async function audio(deps: ClipsDeps, principal: Principal, projectId: string, clipId: string) {
  const project = await deps.projects.project(principal, projectId)
  const [, clips] = await deps.projects.contents(project)
  const clip = clips.find((c) => c.id === clipId)
  if (!clip) throw new AppError('voiceover_clip_not_found', { param: 'clip_id' })
  const data = clip.audio_key ? await deps.storage.get(clip.audio_key) : null
  if (!data) throw new AppError('voiceover_clip_not_generated')
  return data
}
