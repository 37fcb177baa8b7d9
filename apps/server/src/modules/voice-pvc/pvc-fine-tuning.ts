import { EDITABLE_STATES, type PvcState } from './pvc-state.js'
import type { PvcVoiceRow } from './voice-pvc.tables.js'

// How a professional clone's flow shows in the public Voice model's `fine_tuning` object:
// the state and progress of the one model it trains, whether it may still be trained, and its
// verification attempts. The flow trains one model; before training asks for one, the model
// it would train is shown.

const DEFAULT_MODEL = 'eleven_multilingual_v2'

export type FineTuningState = 'not_started' | 'queued' | 'fine_tuning' | 'fine_tuned' | 'failed' | 'delayed'

export interface FineTuningView {
  is_allowed_to_fine_tune: boolean
  state: Record<string, FineTuningState>
  verification_failures: string[]
  verification_attempts_count: number
  manual_verification_requested: boolean
  language: string | null
  progress: Record<string, number>
  message: Record<string, string>
  dataset_duration_seconds: number | null
}

export type PvcFlow = Pick<
  PvcVoiceRow,
  | 'state'
  | 'verification_attempts'
  | 'manual_verification'
  | 'training_requested'
  | 'training_progress'
  | 'training_error'
  | 'model_id'
>

function stateOf(flow: PvcFlow): FineTuningState {
  if (flow.training_error) return 'failed'
  switch (flow.state as PvcState) {
    case 'ready':
      return 'fine_tuned'
    case 'fine_tuning':
      return 'fine_tuning'
    case 'blocked':
      return 'failed'
    default:
      // Asked to train, it waits for verification before training starts.
      return flow.training_requested ? 'queued' : 'not_started'
  }
}

function messageOf(flow: PvcFlow): string | undefined {
  if (flow.training_error) return flow.training_error
  if (flow.state === 'blocked') return 'This voice was blocked for a terms violation.'
  if (flow.state === 'needs_verification') return 'Waiting for voice verification.'
  return undefined
}

/** The `fine_tuning` object of a professional clone; `datasetSeconds` is its samples' audio. */
export function fineTuningView(
  flow: PvcFlow,
  language: string | null,
  datasetSeconds: number,
): FineTuningView {
  const model = flow.model_id ?? DEFAULT_MODEL
  const message = messageOf(flow)
  return {
    is_allowed_to_fine_tune: EDITABLE_STATES.includes(flow.state as PvcState),
    state: { [model]: stateOf(flow) },
    verification_failures: [],
    verification_attempts_count: flow.verification_attempts,
    manual_verification_requested: flow.manual_verification !== null,
    language,
    // Progress is a fraction of 1, as the training job's percent divided by 100.
    progress: { [model]: flow.training_progress / 100 },
    message: message ? { [model]: message } : {},
    dataset_duration_seconds: Math.round(datasetSeconds * 10) / 10,
  }
}
