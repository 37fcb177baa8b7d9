import { type ProductionKind, productionQuote } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import type { ProductionsDeps } from './productions-deps.js'

// A quote before ordering: for a duration the customer states, or for a transcript of the
// workspace (its duration). The same rule prices the order itself.

export async function quote(
  deps: ProductionsDeps,
  principal: Principal,
  input: {
    kind: ProductionKind
    durationSeconds: number | null
    transcriptionId: string | null
    targetLanguages: number
    verbatim: boolean
    sdh: boolean
  },
) {
  let seconds = input.durationSeconds
  if (input.transcriptionId) {
    const summary = await deps.transcripts.summary(principal.workspaceId, input.transcriptionId)
    if (!summary) throw new AppError('production_transcript_not_found', { param: 'transcription_id' })
    seconds = summary.durationSeconds
  }
  if (seconds === null)
    throw new AppError('validation_error', {
      message: 'Give duration_seconds or transcription_id.',
      param: 'duration_seconds',
    })
  return productionQuote({
    kind: input.kind,
    durationSeconds: seconds,
    targetLanguages: input.targetLanguages,
    verbatim: input.verbatim,
    sdh: input.sdh,
    at: deps.now(),
  })
}

/** What a production would cost an enterprise workspace in credits (its quotes are paid in credits). */
export function enterpriseEstimate(
  deps: ProductionsDeps,
  input: { kind: ProductionKind; durationSeconds: number; targetLanguages: number },
) {
  const q = productionQuote({ ...input, verbatim: false, sdh: false, at: deps.now() })
  return {
    credits: q.credits,
    total_cents: q.total_cents,
    charged_duration_seconds: q.charged_duration_seconds,
  }
}
