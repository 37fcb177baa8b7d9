import { AppError } from '../../../errors.js'
import type { ApiWord } from '../transcript-words.js'

// What a realtime session sends: the session's start, transcripts, and errors under the
// message types the official clients dispatch on.

export type ErrorMessageType =
  | 'error'
  | 'auth_error'
  | 'quota_exceeded'
  | 'transcriber_error'
  | 'rate_limited'
  | 'input_error'
  | 'invalid_request'
  | 'session_time_limit_exceeded'
  | 'chunk_size_exceeded'

export type ServerMessage =
  | { message_type: 'session_started'; session_id: string; config: Record<string, unknown> }
  | { message_type: 'partial_transcript'; text: string }
  | { message_type: 'committed_transcript'; text: string }
  | {
      message_type: 'committed_transcript_with_timestamps'
      text: string
      language_code: string | null
      words: ApiWord[]
    }
  | { message_type: ErrorMessageType; error: string }

/** A refusal of the protocol itself; `fatal` ends the session after the message. */
export class RealtimeRefusal extends Error {
  constructor(
    readonly messageType: ErrorMessageType,
    message: string,
    readonly fatal = false,
  ) {
    super(message)
  }
}

/** The error message for a failure, and whether the session ends with it. */
export function describeError(error: unknown): { message: ServerMessage; fatal: boolean } {
  if (error instanceof RealtimeRefusal)
    return { message: { message_type: error.messageType, error: error.message }, fatal: error.fatal }
  if (error instanceof AppError) {
    const type: ErrorMessageType =
      error.code === 'quota_exceeded'
        ? 'quota_exceeded'
        : error.code === 'concurrent_limit_exceeded' || error.status === 429
          ? 'rate_limited'
          : error.status === 401 || error.status === 403
            ? 'auth_error'
            : error.status < 500
              ? 'invalid_request'
              : 'error'
    return { message: { message_type: type, error: error.message }, fatal: true }
  }
  return {
    message: { message_type: 'transcriber_error', error: 'Transcription failed, please try again later.' },
    fatal: true,
  }
}
