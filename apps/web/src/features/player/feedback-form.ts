import { FEEDBACK_TEXT_MAX, FEEDBACK_TEXT_MIN } from '@timbre/contract'

export type FeedbackTextProblem = 'tooShort' | 'tooLong' | null

/** Characters as a reader counts them (code points), without surrounding spaces. */
export function feedbackLength(text: string): number {
  return Array.from(text.trim()).length
}

/**
 * Feedback text is optional and at most 200 characters. With a thumbs up, text that is given
 * needs at least 20 characters; the checklist of a thumbs down has no minimum.
 */
export function feedbackTextProblem(text: string, thumbsUp = true): FeedbackTextProblem {
  const length = feedbackLength(text)
  if (length === 0) return null
  if (thumbsUp && length < FEEDBACK_TEXT_MIN) return 'tooShort'
  if (length > FEEDBACK_TEXT_MAX) return 'tooLong'
  return null
}

export const NEGATIVE_REASONS = [
  'emotions',
  'inaccurate_clone',
  'glitches',
  'audio_quality',
  'other',
] as const
export type NegativeReason = (typeof NEGATIVE_REASONS)[number]

export type FeedbackBody = {
  thumbs_up: boolean
  feedback: string
} & Record<NegativeReason, boolean>

/** The body of POST /v1/history/{id}/feedback; a thumbs up never carries checklist reasons. */
export function feedbackBody(
  thumbsUp: boolean,
  text: string,
  reasons: readonly NegativeReason[] = [],
): FeedbackBody {
  const body: FeedbackBody = {
    thumbs_up: thumbsUp,
    feedback: text.trim(),
    emotions: false,
    inaccurate_clone: false,
    glitches: false,
    audio_quality: false,
    other: false,
  }
  if (!thumbsUp) for (const reason of reasons) body[reason] = true
  return body
}
