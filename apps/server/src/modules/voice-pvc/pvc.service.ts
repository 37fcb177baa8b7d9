import { bindUseCases } from '../../platform/use-cases.js'
import type { PvcDeps } from './pvc-deps.js'
import { create, status, update } from './pvc-draft.js'
import { decodedSample, sampleOf, voiceOf } from './pvc-lookups.js'
import { addSamples, deleteSample, sampleAudio, updateSample, waveform } from './pvc-samples.js'
import { separate, speakerAudio, speakers } from './pvc-speakers.js'

export * from './pvc-deps.js'

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
