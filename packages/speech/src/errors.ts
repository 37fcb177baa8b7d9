// One error class for everything the speech package refuses or fails at. The server maps
// `code` to an HTTP status and its error body; codes are stable.

export type SpeechErrorCode =
  | 'text_empty'
  | 'text_too_long'
  | 'unsupported_language'
  | 'unsupported_model'
  | 'invalid_output_format'
  | 'invalid_voice'
  | 'invalid_voice_settings'
  | 'invalid_request'
  | 'engine_failed'
  | 'worker_crashed'
  | 'service_closed'
  | 'aborted'

export class SpeechError extends Error {
  readonly code: SpeechErrorCode
  /** Name of the request field at fault, when there is one (`param` of the error body). */
  readonly param: string | undefined

  constructor(code: SpeechErrorCode, message: string, param?: string) {
    super(message)
    this.name = 'SpeechError'
    this.code = code
    this.param = param
  }
}

export function isSpeechError(value: unknown): value is SpeechError {
  return value instanceof SpeechError
}

/** Plain form for crossing a worker boundary (class identity does not survive structured clone). */
export interface SerializedSpeechError {
  code: SpeechErrorCode
  message: string
  param?: string
}

export function serializeError(error: unknown): SerializedSpeechError {
  if (error instanceof SpeechError) {
    return { code: error.code, message: error.message, ...(error.param ? { param: error.param } : {}) }
  }
  const message = error instanceof Error ? error.message : String(error)
  return { code: 'engine_failed', message: `The speech engine failed: ${message}` }
}

export function deserializeError(error: SerializedSpeechError): SpeechError {
  return new SpeechError(error.code, error.message, error.param)
}
