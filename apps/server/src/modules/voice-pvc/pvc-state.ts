import type { Principal } from '../../plugins/auth.js'

// The states of a professional voice clone: made as a draft; asked to train before it is
// verified it waits for verification; training; ready to speak. A clone blocked for a terms
// violation takes no further step.

export const PVC_STATES = ['draft', 'needs_verification', 'fine_tuning', 'ready', 'blocked'] as const
export type PvcState = (typeof PVC_STATES)[number]

/** States in which samples, captcha and training may still change. */
export const EDITABLE_STATES: readonly PvcState[] = ['draft', 'needs_verification']

export type Caller = Pick<Principal, 'userId' | 'workspaceId'>

export interface StoredSampleFeatures {
  /** Measurements of the sample's start (analyseVoice). */
  features: import('@timbre/speech').VoiceFeatures
  /** The speaker vector of the sample's speech (speaker-features.ts). */
  vector: import('./speaker-features.js').SpeakerVector
}
