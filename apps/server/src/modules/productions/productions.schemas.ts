import {
  PRODUCER_CONTEXT_MAX,
  PRODUCER_QUALIFICATION_BASES,
  PRODUCTION_FEEDBACK_MAX,
  PRODUCTION_INSTRUCTIONS_MAX,
  PRODUCTION_KINDS,
  PRODUCTION_MAX_SPEAKERS,
  PRODUCTION_MAX_TARGET_LANGUAGES,
  PRODUCTION_NAME_MAX,
  PRODUCTION_RATING_MAX,
} from '@timbre/contract'
import { z } from 'zod'
import type { TaskOptions } from './task-options.js'

export const tags = ['productions']
/** Customers: workspace calls, open to API keys with the workspace scope. */
export const customer = { scope: 'workspace' as const }
/** Producers and administrators: the signed-in person, never an API key. */
export const person = { scope: 'user' as const, apiKeys: false as const }

const language = z.string().trim().min(2).max(16)

export const taskOptions = z.object({
  source_language: language.optional(),
  target_languages: z.array(language).max(PRODUCTION_MAX_TARGET_LANGUAGES).default([]),
  number_of_speakers: z.number().int().min(1).max(PRODUCTION_MAX_SPEAKERS).nullable().default(null),
  verbatim: z.boolean().default(false),
  sdh: z.boolean().default(false),
  audio_event_tags: z.boolean().default(false),
  custom_name: z.string().trim().min(1).max(PRODUCTION_NAME_MAX).nullable().default(null),
  instructions: z.string().trim().max(PRODUCTION_INSTRUCTIONS_MAX).nullable().default(null),
})

export type TaskOptionsBody = z.infer<typeof taskOptions>

export function toOptions(kind: TaskOptions['kind'], body: TaskOptionsBody) {
  return {
    kind,
    name: body.custom_name,
    sourceLanguage: body.source_language ?? null,
    targetLanguages: body.target_languages,
    speakers: body.number_of_speakers,
    verbatim: body.verbatim,
    sdh: body.sdh,
    audioEventTags: body.audio_event_tags,
    instructions: body.instructions,
  }
}

export const kind = z.enum(PRODUCTION_KINDS)
export const workspaceParams = z.object({ workspaceId: z.string().min(1).max(64) })
export const taskParams = workspaceParams.extend({ descriptionId: z.string().min(1).max(64) })
export const producerParams = z.object({ userId: z.string().min(1).max(64) })
export const producerTaskParams = producerParams.extend({ taskId: z.string().min(1).max(64) })

export const quoteBody = z.strictObject({
  kind,
  duration_seconds: z.number().positive().max(36_000).optional(),
  transcription_id: z.string().min(1).max(64).optional(),
  target_languages: z.array(language).max(PRODUCTION_MAX_TARGET_LANGUAGES).default([]),
  verbatim: z.boolean().default(false),
  sdh: z.boolean().default(false),
})

export const feedbackBody = z.strictObject({
  rating: z.number().int().min(1).max(PRODUCTION_RATING_MAX),
  comment: z.string().trim().max(PRODUCTION_FEEDBACK_MAX).default(''),
})

export const qualification = z.strictObject({
  base: z.enum(PRODUCER_QUALIFICATION_BASES),
  language: z.union([language, z.literal('*')]),
})

export const applicationBody = z.strictObject({
  first_name: z.string().trim().min(1, 'First name is required.').max(100),
  email: z.email('Email is required.').max(254),
  start_date: z.iso.date('Start date is required.'),
  context: z.string().trim().min(1, 'Context is required.').max(PRODUCER_CONTEXT_MAX),
  qualifications: z.array(qualification).max(50),
  video_upload_id: z.string().min(1).max(64).nullable().default(null),
  cv_upload_id: z.string().min(1).max(64).nullable().default(null),
  /** Answers to the questionnaires of the qualifications applied for (optional). */
  questionnaire_answers: z
    .array(
      z.strictObject({ question_id: z.string().min(1).max(64), option: z.number().int().min(0).max(20) }),
    )
    .max(50)
    .default([]),
})

export const reviewBody = z.strictObject({
  decision: z.enum(['approve', 'reject']),
  feedback: z.string().trim().max(PRODUCTION_FEEDBACK_MAX).default(''),
})

export const grantedQualification = qualification.extend({
  review: z.boolean().default(false),
  extra_tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  score: z.number().min(0).max(100).nullable().default(null),
})

export const quoteResponse = z.object({
  charged_duration_seconds: z.number(),
  cost_per_minute_cents: z.number(),
  subtotal_cents: z.number(),
  discount_cents: z.number(),
  total_cents: z.number(),
  credits: z.number(),
  estimated_hours: z.number(),
})
