import { z } from 'zod'
import { projectIdParams } from '../studio.schemas.js'

// Ours: a Studio project's cast (no public API has it).

export const castMemberParams = projectIdParams.extend({ character_id: z.string().min(1).max(64) })

const castCharacter = z.object({
  character_id: z.string(),
  name: z.string(),
  voice_id: z.string().nullable().describe('null: read by the narrator’s voice'),
  lines: z.number().int().describe('Quoted lines the last detection gave this character'),
})

export const castView = z
  .object({ narrator_voice_id: z.string(), characters: z.array(castCharacter) })
  .meta({ id: 'StudioCast' })

export const castApplied = castView
  .extend({ chapters_changed: z.number().int().describe('Chapters whose nodes were rewritten') })
  .meta({ id: 'StudioCastApplied' })

export const applyCastBody = z.object({
  narrator_voice_id: z.string().min(1).max(64).nullish(),
  characters: z
    .array(
      z.object({ character_id: z.string().min(1).max(64), voice_id: z.string().min(1).max(64).nullable() }),
    )
    .max(200)
    .optional(),
})

export const castVoiceBody = z.object({ voice_id: z.string().min(1).max(64).nullable() })
