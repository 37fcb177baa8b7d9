import {
  VOICE_DESCRIPTION_MAX,
  VOICE_DESCRIPTION_MIN,
  VOICE_PREVIEW_TEXT_MAX,
  VOICE_PREVIEW_TEXT_MIN,
} from '@timbre/contract'
import { PREMADE_VOICES, type SpeechService } from '@timbre/speech'
import { AppError } from '../../errors.js'
import type { FileStorage } from '../../lib/storage.js'
import type { Recorder } from '../recording/recording.module.js'
import type { VoicesPorts } from '../voices/voices.module.js'
import { previewTextFor } from './preview-texts.js'
import type { VoiceDesignRepository } from './voice-design.repository.js'

// Voice design and remix: a description becomes voice recipes on our engines (parsed words ->
// base voice, pitch, range, pace, formants, EQ), each rendered as a preview that is charged
// like text to speech, kept for a day and can be made into a workspace voice.

export interface VoiceDesignDeps {
  repository: VoiceDesignRepository
  storage: FileStorage
  speech: SpeechService
  recorder: Recorder
  voices: Pick<VoicesPorts, 'lookup' | 'generated'>
  now: () => Date
}

export interface Preview {
  audio_base_64: string
  generated_voice_id: string
  media_type: string
  duration_secs: number
  language: string
}

export function checkDescription(raw: string): string {
  const description = raw.trim()
  if (description.length < VOICE_DESCRIPTION_MIN)
    throw new AppError('voice_description_too_short', { param: 'voice_description' })
  if (description.length > VOICE_DESCRIPTION_MAX) {
    throw new AppError('validation_error', {
      message: `voice_description is at most ${VOICE_DESCRIPTION_MAX} characters.`,
      param: 'voice_description',
    })
  }
  return description
}

export function checkText(raw: string | null | undefined): string | null {
  const text = raw?.trim() ?? ''
  if (!text) return null
  const length = [...text].length
  if (length < VOICE_PREVIEW_TEXT_MIN || length > VOICE_PREVIEW_TEXT_MAX)
    throw new AppError('voice_preview_text_length', { param: 'text' })
  return text
}

/** A generated text in the language: our own, else a premade voice's preview sentence. */
export function autoText(language: string, seed: number): string {
  const own = previewTextFor(language, seed)
  if (language === 'en' || !own.startsWith('Hello there')) return own
  return PREMADE_VOICES.find((v) => v.language === language)?.preview_text ?? own
}
