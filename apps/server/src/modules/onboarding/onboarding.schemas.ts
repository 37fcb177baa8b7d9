import {
  ONBOARDING_CHECKLIST_ITEMS,
  ONBOARDING_FIRST_NAME_MAX,
  ONBOARDING_ROLES,
  ONBOARDING_SOURCES,
  ONBOARDING_SUBROLE_MAX,
} from '@timbre/contract'
import { z } from 'zod'

export const checklistItemId = z.enum(ONBOARDING_CHECKLIST_ITEMS)

export const checklist = z
  .object({
    checklist_id: z.string().nullable(),
    is_initiated: z.boolean(),
    hidden: z.boolean(),
    is_completed: z.boolean(),
    items: z.array(
      z.object({
        onboarding_checklist_item_id: checklistItemId,
        is_completed: z.boolean(),
        completed_at_unix: z.number().nullable(),
        verified_by_server: z.boolean(),
      }),
    ),
    newly_completed: z.array(checklistItemId),
  })
  .meta({ id: 'OnboardingChecklist' })

export const updateBody = z.strictObject({ item_id: checklistItemId })
export const hideBody = z.strictObject({ hidden: z.boolean().default(true) })

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v === '' ? undefined : v))

export const surveyBody = z.strictObject({
  first_name: optionalText(ONBOARDING_FIRST_NAME_MAX),
  role: z.enum(ONBOARDING_ROLES).optional(),
  subrole: optionalText(ONBOARDING_SUBROLE_MAX),
  timezone: z.string().trim().min(1).max(64).optional(),
  source: z.enum(ONBOARDING_SOURCES).optional(),
})

const surveyRecord = z
  .object({
    first_name: z.string().nullable(),
    role: z.string().nullable(),
    subrole: z.string().nullable(),
    timezone: z.string().nullable(),
    source: z.string().nullable(),
  })
  .meta({ id: 'OnboardingSurvey' })

export const surveyResult = z.object({
  is_onboarding_completed: z.boolean(),
  onboarding_survey: surveyRecord.nullable(),
})

export const surveyState = z.object({
  onboarding_survey: surveyRecord.nullable(),
  completed_at_unix: z.number().nullable(),
})
