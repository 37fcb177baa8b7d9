import type { CompositionPlan, SongSection } from '@timbre/contract'
import { planFromPrompt } from './plan.js'

/** A section never starts closer than this to the previous boundary or to the end. */
const MIN_SCENE_MS = 4000

/**
 * A plan that scores a video: one section per scene (cuts closer than four seconds merge), each
 * as full as the picture is busy, ending exactly when the video ends.
 */
export function planForVideo(input: {
  durationMs: number
  cuts: readonly number[]
  motion: readonly number[]
  prompt: string
  seed: number
}): CompositionPlan {
  const base = planFromPrompt({
    prompt: input.prompt || 'cinematic',
    lengthMs: input.durationMs,
    seed: input.seed,
    instrumental: true,
  })
  const bounds = [0]
  for (const cut of [...input.cuts].sort((a, b) => a - b)) {
    const last = bounds[bounds.length - 1] ?? 0
    if (cut - last >= MIN_SCENE_MS && input.durationMs - cut >= MIN_SCENE_MS) bounds.push(Math.round(cut))
  }
  bounds.push(input.durationMs)
  const sections: SongSection[] = []
  for (let i = 0; i + 1 < bounds.length; i++) {
    const start = bounds[i] ?? 0
    const end = bounds[i + 1] ?? input.durationMs
    const middle = (start + end) / 2
    const busy =
      input.motion[
        Math.min(input.motion.length - 1, Math.floor((middle / input.durationMs) * input.motion.length))
      ] ?? 0.3
    sections.push({
      section_name:
        i === 0 && bounds.length > 2
          ? 'Intro'
          : i === bounds.length - 2 && i > 0
            ? 'Outro'
            : `Scene ${i + 1}`,
      positive_local_styles: busy > 0.5 ? ['full', 'energetic'] : busy < 0.15 ? ['soft', 'sparse'] : [],
      negative_local_styles: [],
      duration_ms: end - start,
      lines: [],
    })
  }
  return { ...base.plan, sections }
}
