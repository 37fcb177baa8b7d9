import { findPremadeVoice, type VoiceDefinition, type VoiceSettings } from '@timbre/speech'
import { definitionOf } from './voice.view.js'
import type { VoicesRepository } from './voices.repository.js'

/** A voice a workspace may speak with, as text to speech needs it. */
export interface UsableVoice {
  voiceId: string
  name: string
  /** premade | cloned | generated | professional */
  category: string
  definition: VoiceDefinition
  /** The voice's saved default settings, if any. */
  settings: VoiceSettings | null
  /** Who created a workspace voice; null for premade voices. */
  ownerUserId: string | null
}

/** Implemented by the voices module; used by text to speech, dialogue and history. */
export interface VoiceLookup {
  /** Premade voices and the workspace's own; null for unknown ids and other workspaces' voices. */
  findUsable(workspaceId: string, voiceId: string): Promise<UsableVoice | null>
}

/** Workspace voices and premade voices from the database (premade ones are seeded at start). */
export function createVoiceLookup(repository: VoicesRepository): VoiceLookup {
  return {
    async findUsable(workspaceId, voiceId) {
      const row = await repository.find(workspaceId, voiceId)
      if (row) {
        return {
          voiceId: row.id,
          name: row.name,
          category: row.category,
          definition: definitionOf(row),
          settings: (row.settings as VoiceSettings | null) ?? null,
          ownerUserId: row.owner_user_id,
        }
      }
      // Before the first seed has run (a process that never registered the voices module).
      const premade = findPremadeVoice(voiceId)
      return premade
        ? {
            voiceId: premade.voice_id,
            name: premade.name,
            category: 'premade',
            definition: premade,
            settings: null,
            ownerUserId: null,
          }
        : null
    },
  }
}
