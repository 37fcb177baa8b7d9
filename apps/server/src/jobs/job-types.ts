import { z } from 'zod'

// Every job: its payload schema and how it is retried.
// Handlers must be idempotent: a job can run again after a crash.
// Backoff doubles the delay on each retry, with jitter, and has no cap: retry n (from 1) waits
// between retryDelay * 2^(n-1) and retryDelay * 2^n seconds, so email's sixth and last retry
// comes at most 320 s after the fifth.
export const JOB_DEFINITIONS = {
  'email.send': {
    payload: z.object({ messageId: z.string() }),
    options: { retryLimit: 6, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  },
  // Credit resets, renewals and grant ends due by now (scheduled every minute; a missed run is
  // caught up by the next, and every charge is keyed so a rerun never charges twice).
  'billing.renewals': {
    payload: z.object({}),
    options: { retryLimit: 2, retryDelay: 30, retryBackoff: false, expireInSeconds: 300 },
  },
  // Productions deadlines (scheduled every minute): overdue claims revoked, unpaid orders
  // cancelled; each change is conditional on the state it leaves, so a rerun changes nothing twice.
  'productions.deadlines': {
    payload: z.object({}),
    options: { retryLimit: 2, retryDelay: 30, retryBackoff: false, expireInSeconds: 300 },
  },
  // One file order's machine transcript, held on its row; a rerun after a crash takes the row
  // over and finds a transcript the dead run stored (transcripts are keyed by the media's id).
  'productions.machine-transcript': {
    payload: z.object({ mediaId: z.string() }),
    options: { retryLimit: 1, retryDelay: 5, retryBackoff: false, expireInSeconds: 3600 },
  },
  // One webhook delivery; an attempt that gets no answer, a 429 or a 5xx throws and is retried
  // (waits of about 1-2, 2-4 and 4-8 s), after which the delivery counts as failed.
  'webhook.deliver': {
    payload: z.object({ deliveryId: z.string() }),
    options: { retryLimit: 3, retryDelay: 1, retryBackoff: true, expireInSeconds: 60 },
  },
  // The post-call work of one conversation: its analysis (criteria, data collection, summary)
  // stored, then the post-call webhook queued; each step is skipped when already done.
  'convai.post-call': {
    payload: z.object({ conversationId: z.string() }),
    options: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 600 },
  },
  // Conversations past their agent's retention deleted with their audio, and ended conversations
  // whose post-call work was lost to a crash queued again (scheduled; a rerun repeats nothing).
  'convai.sweep': {
    payload: z.object({}),
    options: { retryLimit: 2, retryDelay: 30, retryBackoff: false, expireInSeconds: 600 },
  },
  // One voice isolation run; a rerun after a crash starts the run again from the stored upload
  // (the dead run's reservation is released by the recording sweeper).
  'audio-isolation.run': {
    payload: z.object({ jobId: z.string() }),
    options: { retryLimit: 1, retryDelay: 5, retryBackoff: false, expireInSeconds: 900 },
  },
  // One background transcription; its own row counts the runs (a crashed one included) and
  // puts a failed run back in the queue until the last attempt, so the queue retries once only
  // for a failure outside the run (the database gone while it recorded the result).
  'speech-to-text.transcribe': {
    payload: z.object({ jobId: z.string() }),
    options: { retryLimit: 1, retryDelay: 5, retryBackoff: false, expireInSeconds: 3600 },
  },
  // One render of a voiceover project's mix; a rerun after a crash renders again from the
  // stored clips (rendering charges nothing).
  // One dub's pipeline; a rerun after a crash starts the dub again from its stored source (the
  // dead run's reservation is released by the recording sweeper, so the charge stays exact).
  'dubbing.run': {
    payload: z.object({ dubId: z.string() }),
    options: { retryLimit: 1, retryDelay: 5, retryBackoff: false, expireInSeconds: 3600 },
  },
  'voiceover.render': {
    payload: z.object({ renderId: z.string() }),
    options: { retryLimit: 1, retryDelay: 5, retryBackoff: false, expireInSeconds: 900 },
  },
  // One Audio Native conversion (a project's audio at one content version); a rerun after a
  // crash converts again unless that version is already published.
  'audio-native.convert': {
    payload: z.object({ projectId: z.string(), version: z.number().int() }),
    options: { retryLimit: 1, retryDelay: 5, retryBackoff: false, expireInSeconds: 900 },
  },
  // One Studio conversion (chapters or single blocks); a rerun after a crash keeps every block
  // already rendered and renders the rest (the dead run's reservation is released by the sweeper).
  'studio.convert': {
    payload: z.object({ conversionId: z.string() }),
    options: { retryLimit: 2, retryDelay: 5, retryBackoff: false, expireInSeconds: 900 },
  },
  // Training of one professional voice clone; a rerun after a crash starts it again from its
  // stored samples (training charges nothing, so a rerun costs nothing).
  'pvc.train': {
    payload: z.object({ voiceId: z.string() }),
    options: { retryLimit: 2, retryDelay: 5, retryBackoff: false, expireInSeconds: 1800 },
  },
  // Speaker separation of one professional clone sample; a rerun measures it again.
  'pvc.separate': {
    payload: z.object({ voiceId: z.string(), sampleId: z.string() }),
    options: { retryLimit: 2, retryDelay: 5, retryBackoff: false, expireInSeconds: 600 },
  },
  // One export of a Studio project or chapter; a rerun after a crash makes the file again from
  // the kept block audio (exporting charges nothing).
  'studio.export': {
    payload: z.object({ exportId: z.string() }),
    options: { retryLimit: 2, retryDelay: 5, retryBackoff: false, expireInSeconds: 900 },
  },
  // One publish of a Studio project to its public reader page; a rerun after a crash encodes
  // the chapters again and swaps the published version only if the run still owns the project.
  'studio.publish': {
    payload: z.object({ projectId: z.string(), runId: z.string() }),
    options: { retryLimit: 2, retryDelay: 5, retryBackoff: false, expireInSeconds: 900 },
  },
  // One build of a knowledge base document's retrieval index; a rerun after a crash builds it
  // again from the stored chunks (building charges nothing).
  'knowledge-base.index': {
    payload: z.object({ indexId: z.string() }),
    options: { retryLimit: 2, retryDelay: 5, retryBackoff: false, expireInSeconds: 900 },
  },
  'agent-testing.run': {
    payload: z.object({ invocationId: z.string() }),
    options: { retryLimit: 2, retryDelay: 5, retryBackoff: false, expireInSeconds: 1800 },
  },
  'batch-calling.dispatch': {
    payload: z.object({ batchId: z.string() }),
    options: { retryLimit: 2, retryDelay: 5, retryBackoff: false, expireInSeconds: 3600 },
  },
} as const

export type JobName = keyof typeof JOB_DEFINITIONS
export type JobPayload<N extends JobName> = z.infer<(typeof JOB_DEFINITIONS)[N]['payload']>
