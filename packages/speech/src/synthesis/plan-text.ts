// The one place that calls text processing (../text): errors in the caller's rules become
// SpeechErrors the server can map like the others.
import { SpeechError } from '../errors.js'
import { isTextInputError, planText as planWithText } from '../text/index.js'
import type { PlanOptions, TextPlan } from '../text/types.js'

export function planText(text: string, options: PlanOptions): TextPlan {
  try {
    return planWithText(text, options)
  } catch (error) {
    if (isTextInputError(error)) {
      throw new SpeechError('invalid_request', `${error.message} (${error.code})`, 'pronunciation_rules')
    }
    throw error
  }
}
