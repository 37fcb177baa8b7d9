import { findPremadeVoice, type VoiceDefinition, type VoiceSettings } from '@timbre/speech'
import type { Database } from '../../db/database.js'

/** A voice a workspace may speak with, as text to speech needs it. */
export interface UsableVoice {
  voiceId: string
  name: string
  /** premade | cloned | generated | professional */
  category: string
  definition: VoiceDefinition
  /** The voice's saved default settings, if any. */
  settings: VoiceSettings | null
}

/** Implemented by the voices module; used by text to speech, dialogue and history. */
export interface VoiceLookup {
  /** Premade voices and the workspace's own; null for unknown ids and other workspaces' voices. */
  findUsable(workspaceId: string, voiceId: string): Promise<UsableVoice | null>
}

/** Workspace voices from the database; premade voices from the database or the speech catalogue. */
export function createVoiceLookup(db: Database): VoiceLookup {
  return {
    async findUsable(workspaceId, voiceId) {
      const row = await db
        .selectFrom('voices')
        .select(['id', 'name', 'category', 'definition', 'settings', 'workspace_id'])
        .where('id', '=', voiceId)
        .where((eb) => eb.or([eb('workspace_id', 'is', null), eb('workspace_id', '=', workspaceId)]))
        .executeTakeFirst()
      if (row) {
        return {
          voiceId: row.id,
          name: row.name,
          category: row.category,
          definition: row.definition as VoiceDefinition,
          settings: (row.settings as VoiceSettings | null) ?? null,
        }
      }
      const premade = findPremadeVoice(voiceId)
      return premade
        ? {
            voiceId: premade.voice_id,
            name: premade.name,
            category: 'premade',
            definition: premade,
            settings: null,
          }
        : null
    },
  }
}
