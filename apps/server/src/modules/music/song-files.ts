import { type CompositionPlan, MUSIC_STEMS, type SongMetadata } from '@timbre/contract'
import { composeScore, type RenderedMusic, resample } from '@timbre/speech'
import { zipSync } from 'fflate'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import type { MusicDeps } from './compose-song.js'
import { musicFormat } from './compose-song.js'
import type { SongRow } from './music.repository.js'
import { DECODE_RATE, decodeSong } from './music-media.js'

export interface SongSummary {
  song_id: string
  source: string
  prompt: string | null
  composition_plan: CompositionPlan | null
  song_metadata: SongMetadata
  length_ms: number
  seed: number | null
  created_at: string
}

export function summary(row: SongRow): SongSummary {
  return {
    song_id: row.id,
    source: row.source,
    prompt: row.prompt,
    composition_plan: (row.composition_plan as CompositionPlan | null) ?? null,
    song_metadata: row.song_metadata as SongMetadata,
    length_ms: row.length_ms,
    seed: row.seed === null ? null : Number(row.seed),
    created_at: row.created_at.toISOString(),
  }
}

export async function findSong(deps: MusicDeps, principal: Principal, songId: string): Promise<SongRow> {
  const row = await deps.repository.findSong(principal.workspaceId, songId)
  if (!row) throw new AppError('music_song_not_found', { param: 'song_id' })
  return row
}

/** A composed song's score again, note for note, from its plan and seed. */
function scoreOf(row: SongRow) {
  const plan = row.composition_plan as CompositionPlan | null
  if (!plan || row.seed === null) return null
  return composeScore({ plan, seed: Number(row.seed), instrumental: row.instrumental }).score
}

/** Stems of a recording we did not compose: harmonic and percussive parts. */
export async function separateUpload(deps: MusicDeps, bytes: Uint8Array, formatName: string | undefined) {
  const format = musicFormat(formatName)
  const samples = await decodeSong(bytes)
  const atRate = await resample(samples, DECODE_RATE, format.sampleRate)
  const parts = await deps.renderer.separate(atRate, format.sampleRate, format.id)
  return zipStems(parts, format.fileExtension)
}

function zipStems(rendered: RenderedMusic, extension: string): Buffer {
  const files: Record<string, Uint8Array> = {}
  for (const [name, bytes] of Object.entries(rendered.stems ?? {}))
    if (bytes) files[`${name}.${extension}`] = bytes
  return Buffer.from(zipSync(files, { level: 0 }))
}

/** The workspace's songs, newest first. */
export async function listSongs(deps: MusicDeps, principal: Principal, limit: number) {
  return (await deps.repository.listSongs(principal.workspaceId, limit)).map(summary)
}

export async function songInfo(deps: MusicDeps, principal: Principal, songId: string) {
  return summary(await findSong(deps, principal, songId))
}

/** A song's audio: a composed one rendered again (the same bytes), an uploaded one as kept. */
export async function songAudio(deps: MusicDeps, principal: Principal, songId: string, formatName?: string) {
  return audioOfRow(deps, await findSong(deps, principal, songId), formatName)
}

export async function audioOfRow(deps: MusicDeps, row: SongRow, formatName?: string) {
  const score = scoreOf(row)
  if (score) {
    const format = musicFormat(formatName ?? row.output_format)
    return { audio: (await deps.renderer.render({ score, format: format.id, stems: false })).audio, format }
  }
  const file = row.file_key ? await deps.storage.get(row.file_key) : null
  if (!file) throw new AppError('music_song_not_found', { param: 'song_id' })
  return { audio: file, format: null }
}

/**
 * A song's stems as a zip. A composed song's are exact and free: each part rendered alone from
 * the score (drums, bass, harmony, melody, vocals). An uploaded one is separated as well as
 * classical methods can: harmonic and percussive parts.
 */
export async function songStems(deps: MusicDeps, principal: Principal, songId: string, formatName?: string) {
  const row = await findSong(deps, principal, songId)
  return stemsOfRow(deps, row, formatName)
}

export async function stemsOfRow(deps: MusicDeps, row: SongRow, formatName?: string): Promise<Buffer> {
  const score = scoreOf(row)
  const format = musicFormat(formatName ?? row.output_format)
  if (score) {
    const rendered = await deps.renderer.render({ score, format: format.id, stems: true })
    const used = new Set(score.channels.map((c) => c.stem))
    // The voice is no synthesizer channel: it is sung apart and kept as its own stem.
    if (score.vocal) used.add('vocals')
    const stems = Object.fromEntries(
      MUSIC_STEMS.filter((s) => used.has(s)).map((s) => [s, rendered.stems?.[s]]),
    )
    return zipStems({ ...rendered, stems }, format.fileExtension)
  }
  const file = row.file_key ? await deps.storage.get(row.file_key) : null
  if (!file) throw new AppError('music_song_not_found', { param: 'song_id' })
  return separateUpload(deps, file, formatName)
}
