import type { VoiceFeatures } from '@timbre/speech'

// What `voices.sharing` holds: the public API's sharing object, plus the measured features of
// a listed voice (kept for similar voices, never shown).

export interface StoredSharing {
  status: 'enabled' | 'disabled' | 'copied' | 'copied_disabled'
  public_owner_id: string
  original_voice_id: string
  date_unix: number | null
  name?: string
  description?: string | null
  labels?: Record<string, string>
  category?: string
  live_moderation_enabled?: boolean
  free_users_allowed?: boolean
  reader_app_enabled?: boolean
  notice_period?: number | null
  featured?: boolean
  cloned_by_count?: number
  liked_by_count?: number
  financial_rewards_enabled?: boolean
  enabled_in_library?: boolean
  review_status?: string
  /** The voice's own rendering, measured when it was shared; and its samples, for a clone. */
  features?: { output: VoiceFeatures; samples: VoiceFeatures | null }
}

export function storedSharing(raw: unknown): StoredSharing | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null
  return raw as StoredSharing
}

/** The sharing object as the public API shows it (without the stored measurements). */
export function publicSharing(raw: unknown): Record<string, unknown> | null {
  const sharing = storedSharing(raw)
  if (!sharing) return null
  const { features: _features, ...rest } = sharing
  return rest as Record<string, unknown>
}
