import { PLAN_LIMITS, PLANS, type Tier } from '@timbre/contract'
import type { VoiceFeatures } from '@timbre/speech'
import { measureVoice } from '../../platform/audio/measure.js'
import { definitionOf, previewUrl } from './voice.view.js'
import { parseVerifiedLanguages } from './voice-definition.js'
import type { SharedVoiceRow } from './voice-library.repository.js'
import type { LibraryVoice } from './voice-library.schemas.js'
import type { VoiceLibraryDeps } from './voice-library-deps.js'
import { type StoredSharing, storedSharing } from './voice-sharing.js'
import type { VoiceRow } from './voices.tables.js'

// How a shared voice is shown, the plan's library limits, and a voice's measured features.

export function view(row: SharedVoiceRow, origin: string, added: Set<string>): LibraryVoice {
  const sharing = storedSharing(row.sharing) as StoredSharing
  const labels = sharing.labels ?? row.labels ?? {}
  const verified = parseVerifiedLanguages(row.verified_languages)
  return {
    public_owner_id: row.owner_public_id,
    voice_id: row.id,
    date_unix: sharing.date_unix ?? Math.floor(row.created_at.getTime() / 1000),
    name: sharing.name ?? row.name,
    accent: labels.accent ?? '',
    gender: labels.gender ?? '',
    age: labels.age ?? '',
    descriptive: labels.descriptive ?? '',
    use_case: labels.use_case ?? '',
    category: (sharing.category ?? row.category) as LibraryVoice['category'],
    language: row.language,
    locale: verified[0]?.locale ?? null,
    description: sharing.description ?? row.description,
    preview_url: previewUrl(origin, row.id),
    usage_character_count_1y: 0,
    usage_character_count_7d: 0,
    play_api_usage_character_count_1y: 0,
    cloned_by_count: sharing.cloned_by_count ?? 0,
    rate: null,
    fiat_rate: null,
    free_users_allowed: sharing.free_users_allowed ?? true,
    live_moderation_enabled: sharing.live_moderation_enabled ?? false,
    featured: sharing.featured ?? false,
    verified_languages: verified.map((v) => ({
      ...v,
      preview_url: previewUrl(origin, row.id, v.language),
    })),
    notice_period: sharing.notice_period ?? null,
    image_url: null,
    is_added_by_user: added.has(row.id),
  }
}

export async function tierLimits(deps: VoiceLibraryDeps, workspaceId: string) {
  const raw = await deps.tierOf(workspaceId)
  const tier = (raw in PLANS ? raw : 'free') as Tier
  return { tier, voiceLimit: PLAN_LIMITS[tier].voiceLimit }
}

export async function featuresOf(
  deps: VoiceLibraryDeps,
  row: VoiceRow,
): Promise<NonNullable<StoredSharing['features']>> {
  const output = await measureVoice(deps.speech, definitionOf(row))
  const analysis = (row.definition as { clone_analysis?: { samples?: VoiceFeatures } } | null)?.clone_analysis
  return { output, samples: analysis?.samples ?? null }
}
