import {
  type CompositionPlan,
  MUSIC_MAX_LENGTH_MS,
  MUSIC_MIN_LENGTH_MS,
  MUSIC_SECTION_MAX_MS,
  MUSIC_SECTION_MIN_MS,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { CompositionPlanInput } from './music.schemas.js'

/** A plan as given, normalised, with the product's rules on its sections checked. */
export function checkPlan(plan: CompositionPlanInput): CompositionPlan {
  if (plan.sections.length === 0)
    throw new AppError('music_plan_without_sections', { param: 'composition_plan' })
  for (const section of plan.sections) {
    if (section.duration_ms < MUSIC_SECTION_MIN_MS) {
      throw new AppError('music_section_too_short', { param: 'composition_plan.sections.duration_ms' })
    }
    if (section.duration_ms > MUSIC_SECTION_MAX_MS) {
      throw new AppError('music_section_too_long', { param: 'composition_plan.sections.duration_ms' })
    }
  }
  const total = plan.sections.reduce((sum, s) => sum + s.duration_ms, 0)
  if (total > MUSIC_MAX_LENGTH_MS) throw new AppError('music_plan_too_long', { param: 'composition_plan' })
  return {
    positive_global_styles: plan.positive_global_styles,
    negative_global_styles: plan.negative_global_styles,
    sections: plan.sections.map((s) => ({
      section_name: s.section_name,
      positive_local_styles: s.positive_local_styles,
      negative_local_styles: s.negative_local_styles,
      duration_ms: s.duration_ms,
      lines: s.lines,
    })),
  }
}

export function checkLength(lengthMs: number | null | undefined): number | null {
  if (lengthMs === null || lengthMs === undefined) return null
  if (lengthMs < MUSIC_MIN_LENGTH_MS || lengthMs > MUSIC_MAX_LENGTH_MS) {
    throw new AppError('music_invalid_length', { param: 'music_length_ms' })
  }
  return lengthMs
}

export interface SongRequest {
  prompt: string | null
  plan: CompositionPlan | null
  lengthMs: number | null
  instrumental: boolean
}

/** Either a prompt or a plan, with the options that belong to each. */
export function checkSongRequest(body: {
  prompt?: string | null
  composition_plan?: CompositionPlanInput | null
  music_length_ms?: number | null
  force_instrumental?: boolean | null
}): SongRequest {
  const prompt = body.prompt?.trim() ? body.prompt.trim() : null
  const instrumental = body.force_instrumental ?? false
  if (prompt && body.composition_plan) throw new AppError('music_prompt_and_plan', { param: 'prompt' })
  if (!prompt && !body.composition_plan)
    throw new AppError('music_prompt_or_plan_required', { param: 'prompt' })
  if (body.composition_plan) {
    if (body.music_length_ms !== null && body.music_length_ms !== undefined) {
      throw new AppError('music_length_with_plan', { param: 'music_length_ms' })
    }
    const plan = checkPlan(body.composition_plan)
    if (instrumental && plan.sections.some((s) => s.lines.some((l) => l.trim()))) {
      throw new AppError('music_instrumental_with_lines', { param: 'force_instrumental' })
    }
    return { prompt: null, plan, lengthMs: null, instrumental }
  }
  return { prompt, plan: null, lengthMs: checkLength(body.music_length_ms), instrumental }
}
