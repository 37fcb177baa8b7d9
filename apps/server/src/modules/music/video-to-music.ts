import { randomInt } from 'node:crypto'
import { MUSIC_VIDEO_MAX_SECONDS } from '@timbre/contract'
import { planForVideo } from '@timbre/speech'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { type MusicDeps, prepareSong } from './compose-song.js'
import { readVideo } from './music-media.js'

/**
 * Music for one or more videos, played in order as one: the scenes (cuts) become sections,
 * the busier the picture the fuller the music, and the song ends exactly with the video.
 */
export async function prepareVideoSong(
  deps: MusicDeps,
  input: {
    principal: Principal
    requestId: string
    videos: Buffer[]
    description: string | null
    tags: string[]
    modelId: string | undefined
    outputFormat: string | undefined
  },
) {
  let durationMs = 0
  const cuts: number[] = []
  const motion: number[] = []
  for (const video of input.videos) {
    const shape = await readVideo(video)
    if (durationMs > 0) cuts.push(durationMs)
    cuts.push(...shape.cuts.map((c) => c + durationMs))
    motion.push(...shape.motion)
    durationMs += shape.durationMs
  }
  if (durationMs > MUSIC_VIDEO_MAX_SECONDS * 1000)
    throw new AppError('music_video_too_long', { param: 'videos' })
  const prompt = [input.description ?? '', ...input.tags].filter((s) => s.trim()).join(', ')
  const seed = randomInt(0, 2_147_483_647)
  const plan = planForVideo({ durationMs, cuts, motion, prompt, seed })
  return prepareSong(deps, {
    principal: input.principal,
    requestId: input.requestId,
    body: { seed, model_id: input.modelId as 'music_v1' | undefined },
    outputFormat: input.outputFormat,
    planned: { plan, prompt: prompt || null, source: 'video' },
  })
}
