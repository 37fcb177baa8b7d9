// Checks a request and turns it into a plan: model, language, settings, text limits and the
// segments to render. Everything a caller can get wrong fails here, before any worker runs.
import { SpeechError } from '../errors.js'
import { checkLanguage, type ModelProfile, modelProfileFor } from '../models/model-profiles.js'
import { planText } from '../synthesis/plan-text.js'
import { resolveVoiceSettings } from '../synthesis/voice-settings.js'
import type { NormalizationMode, TextPlan } from '../text/types.js'
import type { SpeechRequest, VoiceSettings } from '../types.js'
import { validateVoice } from '../voices/validate-voice.js'

/**
 * Longest later segment. A worker cannot be interrupted mid-segment, so this bounds how long a
 * new request's first segment can wait for a free worker under load (about 0.1 s of Flite).
 */
const MAX_SEGMENT_CHARS = 140

export interface PreparedRequest {
  request: SpeechRequest
  model: ModelProfile
  language: string
  settings: Required<VoiceSettings>
  plan: TextPlan
  seed: number
}

// Control characters (except tab and line breaks) and lone surrogates cannot be spoken; they
// become spaces so every index of the caller's text still lines up for the alignment.
function replaceUnspeakable(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    const control = (code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127
    const high = code >= 0xd800 && code <= 0xdbff
    const low = code >= 0xdc00 && code <= 0xdfff
    const paired = high && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    if (paired) {
      out += text.slice(i, i + 2)
      i++
    } else out += control || high || low ? ' ' : text[i]
  }
  return out
}

export function prepareRequest(request: SpeechRequest): PreparedRequest {
  if (typeof request.text !== 'string')
    throw new SpeechError('invalid_request', 'text must be a string.', 'text')
  const model = modelProfileFor(request.modelId)
  const voice = validateVoice(request.voice)
  const language = (request.languageCode ?? voice.language).toLowerCase()
  if (!/^[a-z]{2}$/.test(language)) {
    throw new SpeechError(
      'unsupported_language',
      `language_code '${language}' is not an ISO 639-1 code.`,
      'language_code',
    )
  }
  checkLanguage(model, language)
  if (model.engines && !model.engines.includes(voice.engine.engine)) {
    throw new SpeechError(
      'invalid_voice',
      `The model ${model.model_id} speaks only with its own voices (${model.engines.join(', ')} models from the models directory); '${voice.name}' is not one of them.`,
      'voice_id',
    )
  }
  if ((voice.engine.engine === 'piper' || voice.engine.engine === 'kokoro') && language !== voice.language) {
    const family = voice.engine.engine === 'piper' ? 'Piper' : 'Kokoro'
    throw new SpeechError(
      'unsupported_language',
      `The voice '${voice.name}' is a ${family} model trained on '${voice.language}' and cannot speak '${language}'.`,
      'language_code',
    )
  }
  const settings = resolveVoiceSettings(request.voiceSettings)
  if (request.text.trim().length === 0) throw new SpeechError('text_empty', 'The text is empty.', 'text')
  if (request.text.length > model.maxCharacters) {
    throw new SpeechError(
      'text_too_long',
      `The text has ${request.text.length} characters; ${model.model_id} takes at most ${model.maxCharacters} per request.`,
      'text',
    )
  }
  const seed = request.seed ?? Math.floor(Math.random() * 0x100000000)
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new SpeechError('invalid_request', 'seed must be an integer from 0 to 4294967295.', 'seed')
  }
  const text = replaceUnspeakable(request.text)
  const plan = planText(text, {
    language,
    normalization: normalizationFor(request.applyTextNormalization ?? 'auto', model),
    tags: model.tags,
    ...(request.pronunciationRules ? { rules: request.pronunciationRules } : {}),
    maxSegmentChars: MAX_SEGMENT_CHARS,
    firstSegmentChars: model.firstSegmentChars,
  })
  if (!plan.segments.some((s) => s.kind === 'speech' && /[\p{L}\p{N}]/u.test(s.text))) {
    throw new SpeechError(
      'text_empty',
      'The text contains nothing to speak (only spaces, punctuation or tags).',
      'text',
    )
  }
  return { request, model, language, settings, plan: { ...plan, original: request.text }, seed }
}

function normalizationFor(mode: 'auto' | 'on' | 'off', model: ModelProfile): NormalizationMode {
  if (mode === 'auto') return model.autoNormalization ? 'auto' : 'off'
  if (mode !== 'on' && mode !== 'off') {
    throw new SpeechError(
      'invalid_request',
      "apply_text_normalization must be 'auto', 'on' or 'off'.",
      'apply_text_normalization',
    )
  }
  return mode
}
