import { AppError } from '../../errors.js'
import { decodeTo48kMono } from '../../lib/audio/audio-decode.js'
import { wavOf } from '../../lib/audio/wav-file.js'
import type { FileStorage } from '../../lib/storage.js'
import type { ClipRow, RenderRow, VoiceoverRepository } from './voiceover.repository.js'
import { encodeMix } from './voiceover-media.js'

const RATE = 48_000

interface MixDeps {
  repository: VoiceoverRepository
  storage: FileStorage
}

const renderKey = (row: RenderRow, ext: string) =>
  `voiceover/${row.workspace_id}/${row.project_id}/renders/${row.id}.${ext}`

/** Adds `source` (from `from`) into `mix` at `at`, for at most `length` samples. */
function addInto(mix: Float32Array, at: number, source: Float32Array, from: number, length: number): void {
  const end = Math.min(mix.length, at + length, at + source.length - from)
  for (let i = Math.max(at, 0); i < end; i++) mix[i] = (mix[i] ?? 0) + (source[from + i - at] ?? 0)
}

/** The render's project mixed, encoded, stored and the render row finished with its files. */
export async function mixdown(deps: MixDeps, row: RenderRow, report: (percent: number) => Promise<void>) {
  const { repository } = deps
  const project = await repository.findAny(row.project_id)
  if (!project) throw new AppError('voiceover_project_not_found')
  const [tracks, clips] = await Promise.all([repository.tracks(project.id), repository.clips(project.id)])
  const audible = new Set(tracks.filter((t) => !t.muted).map((t) => t.id))
  const playing = clips.filter((c) => audible.has(c.track_id) && (c.kind === 'media' || c.audio_key))
  const mediaBytes = project.media_key ? await deps.storage.get(project.media_key) : null
  const needsMedia = playing.some((c) => c.kind === 'media')
  const media =
    needsMedia && mediaBytes
      ? await decodeTo48kMono(mediaBytes, 'detect', (project.media_duration_ms ?? 0) / 1000)
      : new Float32Array(0)
  const mix = new Float32Array(Math.round((project.duration_ms / 1000) * RATE))
  const at = (ms: number) => Math.round((ms / 1000) * RATE)
  let done = 0
  for (const clip of playing) {
    const length = at(clip.end_ms) - at(clip.start_ms)
    const source = clip.kind === 'media' ? media : await clipSamples(deps, clip)
    const from = clip.kind === 'media' ? at(clip.source_start_ms) : 0
    addInto(mix, at(clip.start_ms), source, from, length)
    done++
    await report(Math.round((done / (playing.length + 1)) * 80))
  }
  const foreground = tracks
    .filter((t) => t.type === 'foreground')
    .sort((a, b) => a.position - b.position)
    .map((t) => t.id)
  const pictures = clips
    .filter((c) => c.kind === 'media' && foreground.includes(c.track_id))
    .sort(
      (a, b) => foreground.indexOf(a.track_id) - foreground.indexOf(b.track_id) || a.start_ms - b.start_ms,
    )
    .map((c) => ({ startMs: c.start_ms, endMs: c.end_ms, sourceStartMs: c.source_start_ms }))
  const encoded = await encodeMix(
    wavOf(mix, RATE),
    mediaBytes && project.media_kind
      ? { bytes: mediaBytes, kind: project.media_kind, durationMs: project.media_duration_ms ?? 0 }
      : null,
    project.duration_ms,
    pictures,
  )
  await report(95)
  const audioKey = renderKey(row, 'mp3')
  await deps.storage.put(audioKey, encoded.mp3)
  const videoKey = encoded.mp4 ? renderKey(row, 'mp4') : null
  if (videoKey && encoded.mp4) await deps.storage.put(videoKey, encoded.mp4)
  await repository.renders.finish(row.id, {
    audio_key: audioKey,
    video_key: videoKey,
    duration_ms: project.duration_ms,
  })
}

async function clipSamples(deps: MixDeps, clip: ClipRow): Promise<Float32Array> {
  const bytes = clip.audio_key ? await deps.storage.get(clip.audio_key) : null
  if (!bytes) return new Float32Array(0)
  return decodeTo48kMono(bytes, 'detect', (clip.audio_ms ?? clip.end_ms - clip.start_ms) / 1000 + 1)
}
