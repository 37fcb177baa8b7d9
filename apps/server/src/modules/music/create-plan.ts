import type { CompositionPlan } from '@timbre/contract'
import { editPlan, planFromPrompt } from '@timbre/speech'
import { AppError } from '../../errors.js'
import type { PlanBody } from './music.schemas.js'
import { checkLength, checkPlan } from './music-inputs.js'

/**
 * A composition plan from a prompt, free of charge. With `source_composition_plan` the prompt
 * is an instruction that edits that plan ("slower", "more drums", "add a bridge", "no piano").
 */
export function createPlan(body: PlanBody): CompositionPlan {
  const prompt = body.prompt.trim()
  if (!prompt) throw new AppError('music_prompt_or_plan_required', { param: 'prompt' })
  const lengthMs = checkLength(body.music_length_ms)
  if (body.source_composition_plan)
    return checkPlan(editPlan(checkPlan(body.source_composition_plan), prompt))
  // Planning is deterministic: the same prompt and length give the same plan.
  return planFromPrompt({ prompt, lengthMs, seed: 0 }).plan
}
