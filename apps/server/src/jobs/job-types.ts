import { z } from 'zod'

// Every job: its payload schema and how it is retried.
// Handlers must be idempotent: a job can run again after a crash.
export const JOB_DEFINITIONS = {
  'email.send': {
    payload: z.object({ messageId: z.string() }),
    options: { retryLimit: 6, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 60 },
  },
} as const

export type JobName = keyof typeof JOB_DEFINITIONS
export type JobPayload<N extends JobName> = z.infer<(typeof JOB_DEFINITIONS)[N]['payload']>
