import { DEFAULT_VOICE_SETTINGS, type VoiceDefinition } from '@timbre/speech'
import {
  engineDefinition,
  parseVerifiedLanguages,
  sampleOptionsOf,
  verifiedLanguagesOf,
} from './voice-definition.js'
import { publicSharing } from './voice-sharing.js'
import type { VoiceView } from './voices.schemas.js'
import type { VoiceRow, VoiceSampleRow } from './voices.tables.js'

// A voice row as the public API shows it (the public API's Voice model). Fields this server
// has no feature behind yet get the public API's neutral values (no verification needed, no
// collections); only professional clones show a fine-tuning state, given by their domain.

export interface ViewContext {
  publicUrl: string
  userId: string
}

type PublicSettings = NonNullable<VoiceView['settings']>

export function defaultSettings(): PublicSettings {
  const { stability, similarity_boost, style, use_speaker_boost, speed } = DEFAULT_VOICE_SETTINGS
  return { stability, similarity_boost, style, use_speaker_boost, speed }
}

/** The voice's saved settings completed with the defaults. */
export function settingsOf(row: Pick<VoiceRow, 'settings'>): PublicSettings {
  const saved = (row.settings ?? {}) as Partial<PublicSettings>
  const defaults = defaultSettings()
  return {
    stability: saved.stability ?? defaults.stability,
    similarity_boost: saved.similarity_boost ?? defaults.similarity_boost,
    style: saved.style ?? defaults.style,
    use_speaker_boost: saved.use_speaker_boost ?? defaults.use_speaker_boost,
    speed: saved.speed ?? defaults.speed,
  }
}

export function definitionOf(row: VoiceRow): VoiceDefinition {
  return engineDefinition(row.definition, { voiceId: row.id, name: row.name })
}

export function previewUrl(publicUrl: string, voiceId: string, language?: string): string {
  const base = `${publicUrl}/v1/voices/${encodeURIComponent(voiceId)}/preview`
  return language ? `${base}?language=${encodeURIComponent(language)}` : base
}

/** The languages a voice has previews for (its verified languages). */
export function previewLanguagesOf(row: VoiceRow): string[] {
  const stored = parseVerifiedLanguages(row.verified_languages)
  const list = stored.length ? stored : verifiedLanguagesOf(definitionOf(row))
  return [...new Set(list.map((v) => v.language))]
}

function sampleView(sample: VoiceSampleRow, removeBackgroundNoise: boolean) {
  return {
    sample_id: sample.id,
    file_name: sample.file_name,
    mime_type: sample.mime_type,
    size_bytes: sample.size_bytes,
    hash: sample.hash,
    duration_secs: sample.duration_seconds,
    remove_background_noise: removeBackgroundNoise,
    has_isolated_audio: false,
    has_isolated_audio_preview: false,
  }
}

export function voiceView(
  row: VoiceRow,
  samples: VoiceSampleRow[],
  ctx: ViewContext,
  options: { withSettings?: boolean; fineTuning?: VoiceView['fine_tuning'] | undefined } = {},
): VoiceView {
  const premade = row.workspace_id === null
  const definition = definitionOf(row)
  const stored = parseVerifiedLanguages(row.verified_languages)
  const verified = stored.length ? stored : verifiedLanguagesOf(definition)
  const options_ = sampleOptionsOf(row.definition)
  const language = row.language ?? definition.language ?? null
  const isOwner = !premade && row.owner_user_id === ctx.userId
  return {
    voice_id: row.id,
    name: row.name,
    category: row.category,
    description: row.description,
    labels: row.labels ?? {},
    language,
    preview_url: previewUrl(ctx.publicUrl, row.id),
    samples: premade
      ? null
      : samples.map((s) => sampleView(s, options_[s.id]?.remove_background_noise ?? false)),
    settings: options.withSettings === false ? null : settingsOf(row),
    fine_tuning: options.fineTuning ?? {
      is_allowed_to_fine_tune: false,
      state: {},
      verification_failures: [],
      verification_attempts_count: 0,
      manual_verification_requested: false,
      language,
      progress: {},
      message: {},
      dataset_duration_seconds: null,
    },
    available_for_tiers: [],
    high_quality_base_model_ids: [...new Set(verified.map((v) => v.model_id))],
    verified_languages: verified.map((v) => ({
      language: v.language,
      model_id: v.model_id,
      accent: v.accent,
      locale: v.locale,
      preview_url: previewUrl(ctx.publicUrl, row.id, v.language),
    })),
    collection_ids: [],
    safety_control: row.safety_control,
    sharing: publicSharing(row.sharing),
    voice_verification: {
      requires_verification: false,
      is_verified: false,
      verification_failures: [],
      verification_attempts_count: 0,
    },
    permission_on_resource: premade ? null : isOwner ? 'admin' : 'editor',
    is_owner: isOwner,
    is_legacy: row.is_legacy,
    is_mixed: false,
    created_at_unix: Math.floor(row.created_at.getTime() / 1000),
  }
}

/** Samples grouped by voice id. */
export function samplesByVoice(samples: VoiceSampleRow[]): Map<string, VoiceSampleRow[]> {
  const map = new Map<string, VoiceSampleRow[]>()
  for (const s of samples) {
    const list = map.get(s.voice_id)
    if (list) list.push(s)
    else map.set(s.voice_id, [s])
  }
  return map
}
