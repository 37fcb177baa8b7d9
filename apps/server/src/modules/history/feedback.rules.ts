import {
  FEEDBACK_REVIEWED_MESSAGE,
  FEEDBACK_TEXT_MAX,
  FEEDBACK_TEXT_MIN,
  FEEDBACK_THUMBS_UP_TEXT_MAX,
  FEEDBACK_TOO_SHORT_MESSAGE,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { FeedbackBody, HistoryFeedback } from './history.schemas.js'

// Feedback on a history item: thumbs_up, a text, the booleans emotions, inaccurate_clone,
// glitches, audio_quality and other, and a review_status. Once review_status is anything but
// not_reviewed, the feedback cannot be changed. Thumbs up opens a description dialog: the text
// may be empty, but 1 to 19 characters is too short ("minimum 20 characters"); the dialog
// accepts up to 400. Thumbs down opens a checklist dialog where every checkbox is optional and
// the text has at most 200 characters.
//
// The server accepts what the product's dialogs can send: positive text up to the
// thumbs-up dialog's 400, negative text up to the checklist's 200, no minimum there.

export const NOT_REVIEWED = 'not_reviewed'

export function isReviewed(feedback: HistoryFeedback | null): boolean {
  return feedback !== null && feedback.review_status !== NOT_REVIEWED
}

export function reviewedError(): AppError {
  return new AppError('feedback_already_reviewed', { message: FEEDBACK_REVIEWED_MESSAGE })
}

/** Checks the text rules and returns the feedback to store (not yet reviewed). */
export function buildFeedback(body: FeedbackBody): HistoryFeedback {
  const text = body.feedback.trim()
  const length = Array.from(text).length
  if (body.thumbs_up) {
    if (length > 0 && length < FEEDBACK_TEXT_MIN) {
      throw new AppError('feedback_too_short', { message: FEEDBACK_TOO_SHORT_MESSAGE, param: 'feedback' })
    }
    if (length > FEEDBACK_THUMBS_UP_TEXT_MAX) {
      throw new AppError('feedback_too_long', {
        message: `maximum ${FEEDBACK_THUMBS_UP_TEXT_MAX} characters`,
        param: 'feedback',
      })
    }
  } else if (length > FEEDBACK_TEXT_MAX) {
    throw new AppError('feedback_too_long', {
      message: `maximum ${FEEDBACK_TEXT_MAX} characters`,
      param: 'feedback',
    })
  }
  return {
    thumbs_up: body.thumbs_up,
    feedback: text,
    emotions: body.emotions,
    inaccurate_clone: body.inaccurate_clone,
    glitches: body.glitches,
    audio_quality: body.audio_quality,
    other: body.other,
    review_status: NOT_REVIEWED,
  }
}
