import { FEEDBACK_AFTER_SECONDS } from '@timbre/contract'

/** Feedback controls appear once playback has passed 3 seconds, or when the audio has ended. */
export function feedbackVisible(currentTime: number, ended: boolean): boolean {
  return ended || currentTime > FEEDBACK_AFTER_SECONDS
}

/** A review closes the feedback: anything but not_reviewed means it can no longer change. */
export function feedbackLocked(feedback: { review_status: string } | null | undefined): boolean {
  return !!feedback && feedback.review_status !== 'not_reviewed'
}
