import { type SpeechService, similarityOf, type VoiceFeatures, voiceDistance } from '@timbre/speech'
import type { Principal } from '../../plugins/auth.js'
import type { VoiceLibraryRepository } from './voice-library.repository.js'
import type { StoredSharing } from './voice-sharing.js'
import type { VoicesRepository } from './voices.repository.js'

// The shared voice library: an owner lists a voice with its own name, description, labels and
// flags; any workspace of this server browses the listed voices and adds a copy under a new
// name (a voice slot and an add, like a clone). "copied_disabled" keeps a voice findable by
// its link but refuses new copies. A clip finds the listed voices nearest to it by the same
// measurements instant cloning uses.

/** Similar voices compares the clip with at most this many listed voices. */
export const SIMILAR_SCAN_MAX = 5000

export const isAdmin = (p: Principal) => p.workspace?.role === 'owner' || p.workspace?.role === 'admin'

export function words(slug: string): string {
  return slug
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ')
}

/** 0 for the same voice, towards 2 for voices far apart (the public API's 0-2 scale). */
export function libraryDistance(clip: VoiceFeatures, sharing: StoredSharing): number | null {
  const f = sharing.features
  if (!f) return null
  const distances = [voiceDistance(clip, f.output)]
  if (f.samples) distances.push(voiceDistance(clip, f.samples))
  return Math.round(2 * (1 - similarityOf(Math.min(...distances))) * 1000) / 1000
}

export interface VoiceLibraryDeps {
  voices: VoicesRepository
  library: VoiceLibraryRepository
  speech: SpeechService
  publicUrl: string
  tierOf: (workspaceId: string) => Promise<string>
}
