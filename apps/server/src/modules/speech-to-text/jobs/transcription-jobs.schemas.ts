import { SPEECH_TO_TEXT_JOB_STATUSES } from '@timbre/contract'
import { z } from 'zod'

/** The early answer to `webhook=true`, as the public API gives it. */
export const webhookAnswer = z.object({
  message: z.string(),
  request_id: z.string(),
  transcription_id: z.string(),
})

export const transcriptionJob = z.object({
  transcription_id: z.string(),
  file_name: z.string(),
  status: z.enum(SPEECH_TO_TEXT_JOB_STATUSES),
  progress: z.number().int().min(0).max(100),
  created_at_unix: z.number().int(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
})

export const transcriptionJobs = z.object({ jobs: z.array(transcriptionJob) })
