import {
  OPENAI_SPEECH_DEFAULT_FORMAT,
  OPENAI_SPEECH_FORMATS,
  OPENAI_SPEECH_FORMATS_REFUSED,
  OPENAI_SPEECH_MODEL_ALIASES,
  OPENAI_TRANSCRIPTION_MODEL_ALIASES,
  OPENAI_VOICE_ALIASES,
} from '@timbre/contract'
import { AppError } from '../../errors.js'

// OpenAI's names for voices, models and formats, turned into this product's. A name of ours
// passes through unchanged, so a client may ask for any voice or model the server has.

export const speechVoiceId = (voice: string): string => OPENAI_VOICE_ALIASES[voice.toLowerCase()] ?? voice

export const speechModelId = (model: string): string => OPENAI_SPEECH_MODEL_ALIASES[model] ?? model

export const transcriptionModelId = (model: string): string =>
  OPENAI_TRANSCRIPTION_MODEL_ALIASES[model] ?? model

/** Our output format for OpenAI's `response_format`; the formats with no encoder here are refused by name. */
export function speechOutputFormat(format: string | undefined): string {
  const name = format ?? OPENAI_SPEECH_DEFAULT_FORMAT
  const ours = OPENAI_SPEECH_FORMATS[name]
  if (ours) return ours
  const refused = (OPENAI_SPEECH_FORMATS_REFUSED as readonly string[]).includes(name)
  throw new AppError('validation_error', {
    param: 'response_format',
    message: refused
      ? `response_format '${name}' is not available on this server; use one of ${Object.keys(OPENAI_SPEECH_FORMATS).join(', ')}.`
      : `response_format must be one of ${Object.keys(OPENAI_SPEECH_FORMATS).join(', ')}.`,
  })
}

/** Every name the models list shows: OpenAI's aliases, then ours. */
export function modelNames(ours: readonly string[]): string[] {
  return [
    ...new Set([
      ...Object.keys(OPENAI_SPEECH_MODEL_ALIASES),
      ...Object.keys(OPENAI_TRANSCRIPTION_MODEL_ALIASES),
      ...ours,
    ]),
  ]
}
