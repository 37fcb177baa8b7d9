import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

// What the professional clone routes share: their scopes, tags, path parameters and bodies.

/** The Fastify instance the routes register on, with its zod type provider. */
export type PvcApp = Parameters<FastifyPluginAsyncZod>[0]

export const config = { scope: 'voices' as const, permission: 'create_professional_voice_clone' as const }
export const readConfig = { scope: 'voices' as const }
export const tags = ['voices']
export const voiceParams = z.object({ voice_id: z.string().min(1).max(100) })
export const sampleParams = voiceParams.extend({ sample_id: z.string().min(1).max(100) })
export const speakerParams = sampleParams.extend({ speaker_id: z.string().min(1).max(100) })
export const voiceBody = z.object({
  name: z.unknown().optional(),
  language: z.unknown().optional(),
  description: z.unknown().optional(),
  labels: z.unknown().optional(),
})
export const sampleBody = z
  .object({
    remove_background_noise: z.unknown().optional(),
    selected_speaker_ids: z.unknown().optional(),
    trim_start_time: z.unknown().optional(),
    trim_end_time: z.unknown().optional(),
    file_name: z.unknown().optional(),
  })
  .optional()
