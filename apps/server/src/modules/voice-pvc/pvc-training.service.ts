import type { SpeechService } from '@timbre/speech'
import { AppError } from '../../errors.js'
import type { JobQueue } from '../../jobs/queue.js'
import { createBaseVoices } from '../../platform/audio/measure.js'
import { defineHeldJob, type HeldRun, TakenOver } from '../../platform/jobs/held-run-runner.js'
import type { PvcRepository } from './pvc.repository.js'
import type { PvcService, StoredSpeaker } from './pvc.service.js'
import { DECODE_RATE } from './pvc-audio.js'
import type { Caller } from './pvc-state.js'
import { trainVoice } from './pvc-train-voice.js'
import { diarise } from './speaker-diarisation.js'
import type { PvcVoiceRow } from './voice-pvc.tables.js'

export type { TrainingReport } from './pvc-train-voice.js'

// Training a professional clone, as a held job with progress (the training itself is in
// pvc-train-voice.ts), and the speaker separation of a sample.

/** A training clone's row is touched this often, whatever the work is doing. */
const TRAINING_HEARTBEAT_MS = 5_000
/** A training whose row has not moved for this long belongs to a dead worker. */
const STALE_TRAINING_SECONDS = 30
/** How often the worker roles look for trainings of dead workers. */
export const PVC_SWEEP_MS = 5_000

export function createPvcTraining(deps: {
  service: PvcService
  repository: PvcRepository
  queue: JobQueue
  speech: SpeechService
  minTrainingSeconds: number
  log?: (message: string, details: object) => void
}) {
  const { service, repository, speech } = deps
  const basesFor = createBaseVoices(speech)

  /** The training job's handler; a failure puts the clone back to draft with its reason. */
  async function trainHeld(row: PvcVoiceRow, run: HeldRun): Promise<void> {
    const voiceId = row.voice_id
    try {
      await trainVoice({ service, repository, speech, basesFor }, voiceId, run)
    } catch (error) {
      if (error instanceof TakenOver) throw error
      deps.log?.('professional voice training failed', { voiceId, err: error })
      await repository.transition(voiceId, ['fine_tuning'], {
        state: 'draft',
        training_requested: false,
        training_error:
          error instanceof AppError ? error.message : 'Training failed; start it again or check the samples.',
      })
    }
  }

  const job = defineHeldJob({
    name: 'pvc.train',
    store: repository.held,
    timing: { heartbeatMs: TRAINING_HEARTBEAT_MS, staleSeconds: STALE_TRAINING_SECONDS, progressWriteMs: 0 },
    rowId: (payload) => payload.voiceId,
    resume: (voiceId) => ({ voiceId }),
    handler: trainHeld,
    log: deps.log,
  })

  return {
    /** Starts training, or waits for verification when the voice is not verified yet. */
    async start(caller: Caller, voiceId: string, modelId: string | undefined): Promise<{ status: string }> {
      const voice = await service.voiceOf(caller, voiceId)
      if (voice.state === 'blocked') throw new AppError('pvc_voice_blocked')
      if (voice.state === 'fine_tuning' || voice.state === 'ready') throw new AppError('pvc_voice_busy')
      if (modelId !== undefined && modelId !== 'eleven_multilingual_v2') {
        throw new AppError('validation_error', {
          message: 'Professional clones are trained for eleven_multilingual_v2.',
          param: 'model_id',
        })
      }
      const samples = await repository.samples(voiceId)
      const seconds = samples.reduce(
        (s, x) => s + (x.trim_end ?? x.duration_seconds) - (x.trim_start ?? 0),
        0,
      )
      if (seconds < deps.minTrainingSeconds) {
        throw new AppError('pvc_not_enough_audio', {
          message: `A professional voice clone needs at least ${Math.round(deps.minTrainingSeconds / 60)} minutes of audio before training; its samples hold ${(seconds / 60).toFixed(1)} minutes.`,
        })
      }
      if (!voice.verified) {
        await repository.transition(voiceId, ['draft', 'needs_verification'], {
          state: 'needs_verification',
          training_requested: true,
          model_id: modelId ?? 'eleven_multilingual_v2',
        })
        return { status: 'needs_verification' }
      }
      const moved = await repository.transition(voiceId, ['draft', 'needs_verification'], {
        state: 'fine_tuning',
        // A new training: no run holds it yet (an earlier training's holder is forgotten).
        worker_token: null,
        training_requested: true,
        training_progress: 0,
        training_error: null,
        model_id: modelId ?? 'eleven_multilingual_v2',
      })
      if (!moved) throw new AppError('pvc_voice_busy')
      await deps.queue.send('pvc.train', { voiceId })
      return { status: 'ok' }
    },

    job,
    /** Runs one training (claimed first: nothing when it is not training or held by a live run). */
    run: (voiceId: string) => job.run({ voiceId }),

    async separate(voiceId: string, sampleId: string): Promise<void> {
      const sample = await repository.sample(voiceId, sampleId)
      if (!sample) return
      try {
        const pcm = await service.decodedSample(sample.storage_key)
        const speakers: StoredSpeaker[] = diarise(pcm, DECODE_RATE).map(({ vector: _v, ...s }) => s)
        await repository.updateSample(voiceId, sampleId, {
          separation_status: 'completed',
          speakers: JSON.stringify(speakers),
          // The speaker with the most speech is taken as the voice until the owner picks others.
          selected_speaker_ids: JSON.stringify(
            [...speakers]
              .sort((a, b) => b.duration_secs - a.duration_secs)
              .slice(0, 1)
              .map((s) => s.speaker_id),
          ),
        })
      } catch (error) {
        deps.log?.('speaker separation failed', { voiceId, sampleId, err: error })
        await repository.updateSample(voiceId, sampleId, { separation_status: 'failed' })
      }
    },
  }
}

export type PvcTraining = ReturnType<typeof createPvcTraining>
