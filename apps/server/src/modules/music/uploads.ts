import { createHash } from 'node:crypto'
import { type CompositionPlan, DEFAULT_OUTPUT_FORMAT, MUSIC_MODEL_ID } from '@timbre/contract'
import { type Analysis, keyName, sectionLengths } from '@timbre/speech'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { MusicDeps } from './compose-song.js'
import { DECODE_RATE, decodeSong } from './music-media.js'
import { separateUpload, stemsOfRow } from './song-files.js'

/** The styles a measured recording suggests: its tempo, key and how percussive and bright it is. */
export function stylesOf(analysis: Analysis): string[] {
  const styles = [`${Math.round(analysis.bpm)} bpm`, keyName(analysis)]
  if (analysis.percussiveShare > 0.12) styles.push('drums')
  styles.push(analysis.centroidHz > 1500 ? 'bright' : analysis.centroidHz < 700 ? 'warm' : 'groovy')
  return styles
}

/** A plan that matches a measured recording: its length in sections of whole bars. */
function planOf(analysis: Analysis, lengthMs: number): CompositionPlan {
  const barMs = (60_000 / analysis.bpm) * 4
  const names = lengthMs >= 20_000 ? ['Intro', 'Verse', 'Chorus', 'Outro'] : ['Main']
  const lengths = sectionLengths(lengthMs, names.length > 1 ? [1, 4, 4, 1] : [1], barMs)
  return {
    positive_global_styles: stylesOf(analysis),
    negative_global_styles: analysis.percussiveShare > 0.12 ? [] : ['drums'],
    sections: lengths.map((duration, i) => ({
      section_name: lengths.length === names.length ? (names[i] ?? 'Main') : 'Main',
      positive_local_styles: [],
      negative_local_styles: [],
      duration_ms: duration,
      lines: [],
    })),
  }
}

/**
 * Keeps an uploaded song: its file, and, when asked, a composition plan measured from it
 * (tempo and key by onset and chroma analysis, its length in bar-aligned sections).
 */
export async function uploadSong(deps: MusicDeps, principal: Principal, file: Buffer, extractPlan: boolean) {
  const samples = await decodeSong(file)
  const lengthMs = Math.round((samples.length * 1000) / DECODE_RATE)
  const analysis = await deps.renderer.analyse(samples, DECODE_RATE)
  const plan = planOf(analysis, lengthMs)
  const songId = newId()
  const fileKey = `music/${principal.workspaceId}/${songId}`
  await deps.storage.put(fileKey, file)
  await deps.repository.insertSong({
    id: songId,
    workspaceId: principal.workspaceId,
    userId: principal.userId,
    source: 'upload',
    prompt: null,
    plan: null,
    seed: null,
    instrumental: false,
    metadata: {
      title: 'Uploaded song',
      description: `Measured: ${stylesOf(analysis).join(', ')}.`,
      genres: [],
      languages: [],
      is_explicit: false,
    },
    lengthMs,
    outputFormat: DEFAULT_OUTPUT_FORMAT,
    fileKey,
    audioSha256: createHash('sha256').update(file).digest('hex'),
    historyItemId: null,
  })
  return { song_id: songId, ...(extractPlan ? { composition_plan: plan } : {}), model_id: MUSIC_MODEL_ID }
}

/**
 * Stems of an uploaded file. A song this workspace composed (the very bytes it was given) gets
 * its exact stems from the score; any other recording its harmonic and percussive parts.
 */
export async function separateStems(
  deps: MusicDeps,
  principal: Principal,
  file: Buffer,
  format: string | undefined,
) {
  const own = await deps.repository.findSongByAudio(
    principal.workspaceId,
    createHash('sha256').update(file).digest('hex'),
  )
  if (own?.composition_plan) return stemsOfRow(deps, own, format)
  return separateUpload(deps, file, format)
}
