import { MODEL_PROFILES, PREMADE_VOICES, type VoiceDefinition } from '@timbre/speech'

// What the `voices.definition` column holds: the engine recipe (@timbre/speech
// VoiceDefinition) plus, for now, the per-sample `remove_background_noise` flags, which
// have no column of their own yet (see docs/api-compatibility/voices-models.md).

export interface SampleOptions {
  remove_background_noise: boolean
}

export interface StoredDefinition extends VoiceDefinition {
  sample_options?: Record<string, SampleOptions>
  /** How an instant clone was measured against its samples (voice-clone.service.ts). */
  clone_analysis?: unknown
  /** 'pending' while a professional clone is not trained: it cannot speak yet. */
  training?: 'pending'
}

/** Whether a stored voice waits for its training (a professional clone before it is ready). */
export function awaitsTraining(raw: unknown): boolean {
  return isRecord(raw) && raw.training === 'pending'
}

/** A verified language as stored in `voices.verified_languages` (the view adds preview_url). */
export interface StoredVerifiedLanguage {
  language: string
  model_id: string
  accent: string | null
  locale: string | null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The engine recipe of a stored voice, without the server's own keys. */
export function engineDefinition(
  raw: unknown,
  overrides: { voiceId: string; name: string },
): VoiceDefinition {
  const {
    sample_options: _options,
    clone_analysis: _analysis,
    training: _training,
    ...definition
  } = (isRecord(raw) ? raw : {}) as unknown as StoredDefinition
  return { ...definition, voice_id: overrides.voiceId, name: overrides.name }
}

export function sampleOptionsOf(raw: unknown): Record<string, SampleOptions> {
  if (!isRecord(raw) || !isRecord(raw.sample_options)) return {}
  return raw.sample_options as Record<string, SampleOptions>
}

export function withSampleOptions(raw: unknown, options: Record<string, SampleOptions>): StoredDefinition {
  const base = (isRecord(raw) ? raw : {}) as unknown as StoredDefinition
  return { ...base, sample_options: options }
}

/**
 * Text-to-speech models that speak a language, the default model first; with an engine, only
 * the models that take that engine's voices (a neural model speaks only its own voices).
 */
export function modelsSpeaking(language: string, engine?: VoiceDefinition['engine']['engine']): string[] {
  return Object.values(MODEL_PROFILES)
    .filter((m) => m.can_do_text_to_speech && m.languages.includes(language))
    .filter((m) => !m.engines || (engine !== undefined && m.engines.includes(engine)))
    .map((m) => m.model_id)
}

/**
 * The languages a voice really speaks well here: its own. A Flite (English) voice asked for
 * another language falls back to a different engine, and an eSpeak NG voice keeps only its
 * timbre in another language, so neither is claimed as verified.
 */
export function verifiedLanguagesOf(definition: VoiceDefinition): StoredVerifiedLanguage[] {
  return modelsSpeaking(definition.language, definition.engine?.engine).map((modelId) => ({
    language: definition.language,
    model_id: modelId,
    accent: definition.labels?.accent ?? null,
    locale: definition.locale ?? null,
  }))
}

export function parseVerifiedLanguages(raw: unknown): StoredVerifiedLanguage[] {
  if (!Array.isArray(raw)) return []
  return raw.filter(
    (v): v is StoredVerifiedLanguage =>
      isRecord(v) && typeof v.language === 'string' && typeof v.model_id === 'string',
  )
}

/** The sentence a preview speaks in a language: the voice's own, else a premade voice's in that language. */
export function previewTextFor(definition: VoiceDefinition, language: string): string | null {
  if (language === definition.language && definition.preview_text) return definition.preview_text
  return PREMADE_VOICES.find((v) => v.language === language)?.preview_text ?? null
}

/** The model a preview is rendered with: multilingual v2 (the default model) when it speaks the language. */
export function previewModelFor(
  language: string,
  engine?: VoiceDefinition['engine']['engine'],
): string | null {
  const models = modelsSpeaking(language, engine)
  return models.includes('eleven_multilingual_v2') ? 'eleven_multilingual_v2' : (models[0] ?? null)
}
