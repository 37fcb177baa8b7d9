import type { JobQueue } from '../../jobs/queue.js'
import type { FileStorage } from '../../lib/storage.js'
import { bindUseCases } from '../../platform/use-cases.js'
import type { PvcRepository } from './pvc.repository.js'
import { create, status, update } from './pvc-draft.js'
import { decodedSample, sampleOf, voiceOf } from './pvc-lookups.js'
import { addSamples, deleteSample, sampleAudio, updateSample, waveform } from './pvc-samples.js'
import { separate, speakerAudio, speakers } from './pvc-speakers.js'
import type { Utterance } from './speaker-diarisation.js'

// Professional voice clones: create and edit the voice, add samples (each decoded, measured
// and held to the recording rules before anything is stored), trim them, pick speakers, and
// read back their audio and waveform.

export interface UploadedFile {
  fileName: string
  data: Buffer
}

export interface StoredSpeaker {
  speaker_id: string
  duration_secs: number
  utterances: Utterance[]
}

export interface PvcDeps {
  repository: PvcRepository
  storage: FileStorage
  queue: JobQueue
  tierOf: (workspaceId: string) => Promise<string>
  /** Audio needed before training, seconds. */
  minTrainingSeconds: number
}

/** Professional clones' drafts, samples and speakers, each use case bound to what it shares. */
export function createPvcService(deps: PvcDeps) {
  return bindUseCases(deps, {
    voiceOf,
    decodedSample,
    sampleOf,
    create,
    update,
    status,
    addSamples,
    updateSample,
    deleteSample,
    sampleAudio,
    waveform,
    speakers,
    speakerAudio,
    separate,
  })
}

export type PvcService = ReturnType<typeof createPvcService>
