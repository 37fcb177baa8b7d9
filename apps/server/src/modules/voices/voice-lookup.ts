import { findPremadeVoice, neuralVoices, type VoiceSettings } from '@timbre/speech'
import type { UsableVoice, VoiceLookup } from '../../platform/generation/ports.js'
import { definitionOf } from './voice.view.js'
import { awaitsTraining } from './voice-definition.js'
import type { VoicesRepository } from './voices.repository.js'

export type { UsableVoice, VoiceLookup }

/**
 * The library voices this process speaks (premade and neural ones from the models directory):
 * every workspace may use them, they have no saved settings, and their database rows are
 * seeded from these very definitions, so no query is needed before a generation starts.
 */
function catalogueVoice(voiceId: string): UsableVoice | null {
  const voice = findPremadeVoice(voiceId) ?? neuralVoices().find((v) => v.voice_id === voiceId)
  return voice
    ? {
        voiceId: voice.voice_id,
        name: voice.name,
        category: 'premade',
        definition: voice,
        settings: null,
        ownerUserId: null,
      }
    : null
}

/** Library voices from the catalogue in memory; workspace voices from the database. */
export function createVoiceLookup(repository: VoicesRepository): VoiceLookup {
  return {
    async findUsable(workspaceId, voiceId) {
      const known = catalogueVoice(voiceId)
      if (known) return known
      const row = await repository.find(workspaceId, voiceId)
      // A professional clone speaks only once it is trained.
      if (row && !awaitsTraining(row.definition)) {
        return {
          voiceId: row.id,
          name: row.name,
          category: row.category,
          definition: definitionOf(row),
          settings: (row.settings as VoiceSettings | null) ?? null,
          ownerUserId: row.owner_user_id,
        }
      }
      return null
    },
  }
}
