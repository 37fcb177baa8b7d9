import type { ErrorCode } from '@timbre/contract'
import { isSpeechError, isTextInputError, type SpeechError } from '@timbre/speech'
import { AppError } from '../../errors.js'

/** The speech package's codes as catalogue codes (the status comes with the catalogue entry). */
const CODES: Record<SpeechError['code'], ErrorCode> = {
  text_empty: 'text_empty',
  text_too_long: 'text_too_long',
  unsupported_language: 'unsupported_language',
  unsupported_model: 'model_not_found',
  invalid_output_format: 'invalid_output_format',
  invalid_voice: 'invalid_voice',
  invalid_voice_settings: 'invalid_voice_settings',
  invalid_request: 'invalid_request',
  engine_failed: 'engine_failed',
  worker_crashed: 'worker_crashed',
  service_closed: 'service_closed',
  aborted: 'request_aborted',
}

/** The speech package's refusals become API errors with its stable code and message. */
export function toAppError(error: unknown): unknown {
  // A pronunciation rule the text planner cannot use (saved rules are checked, so rare).
  if (isTextInputError(error))
    return new AppError('invalid_pronunciation_rule', {
      message: error.message,
      param: 'pronunciation_dictionary_locators',
    })
  if (!isSpeechError(error)) return error
  return new AppError(CODES[error.code], {
    message: error.message,
    ...(error.param ? { param: error.param } : {}),
  })
}
