// Music: plans, songs and the workspace's song list.
import type { CompositionPlan, SongMetadata } from '@timbre/contract'
import { binary, JSON_HEADERS } from '../../lib/api'

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

/** POST /v1/music/plan: a plan from a prompt, or `source` edited by the prompt. */
export async function createPlan(
  prompt: string,
  lengthMs: number | null,
  source: CompositionPlan | null,
): Promise<CompositionPlan> {
  const response = await binary('/v1/music/plan', {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({
      prompt,
      music_length_ms: source ? null : lengthMs,
      source_composition_plan: source,
    }),
  })
  return (await response.json()) as CompositionPlan
}

/** POST /v1/music: the song's audio; `song-id` names it. */
export function composeSong(
  body: {
    prompt?: string
    music_length_ms?: number
    force_instrumental?: boolean
    composition_plan?: CompositionPlan
  },
  signal?: AbortSignal,
): Promise<Response> {
  return binary('/v1/music?output_format=mp3_44100_128', {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify(body),
    signal,
  })
}

/** GET /v1/music/songs: the workspace's songs, newest first. */
export async function listSongs(): Promise<SongSummary[]> {
  const response = await binary('/v1/music/songs?page_size=30', { headers: { accept: 'application/json' } })
  return ((await response.json()) as { songs: SongSummary[] }).songs
}

export const songAudioUrl = (songId: string) => `/v1/music/songs/${encodeURIComponent(songId)}/audio`
export const songStemsUrl = (songId: string) => `/v1/music/songs/${encodeURIComponent(songId)}/stems`

/** POST /v1/music/songs/{id}/share-link: the song's public page (made on first use). */
export async function getSongShareLink(
  songId: string,
): Promise<{ share_link: string; public_user_name: string }> {
  const response = await binary(`/v1/music/songs/${encodeURIComponent(songId)}/share-link`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: '{}',
  })
  return (await response.json()) as { share_link: string; public_user_name: string }
}
