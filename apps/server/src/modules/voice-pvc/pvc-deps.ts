import type { JobQueue } from '../../jobs/queue.js'
import type { FileStorage } from '../../lib/storage.js'
import type { PvcRepository } from './pvc.repository.js'
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
