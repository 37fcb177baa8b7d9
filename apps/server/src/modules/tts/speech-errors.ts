import { isSpeechError, type SpeechError } from '@timbre/speech'
import { AppError } from '../../errors.js'

const STATUS: Record<SpeechError['code'], number> = {
  text_empty: 400,
  text_too_long: 400,
  unsupported_language: 400,
  unsupported_model: 400,
  invalid_output_format: 422,
  invalid_voice: 400,
  invalid_voice_settings: 422,
  invalid_request: 400,
  engine_failed: 500,
  worker_crashed: 503,
  service_closed: 503,
  aborted: 499,
}

/** The speech package's refusals become API errors with its stable code and message. */
export function toAppError(error: unknown): unknown {
  if (!isSpeechError(error)) return error
  const code = error.code === 'unsupported_model' ? 'model_not_found' : error.code
  return new AppError(code, { status: STATUS[error.code], message: error.message, param: error.param })
}
