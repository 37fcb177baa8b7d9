import { neuralVoices, PREMADE_VOICES, type VoiceDefinition } from '@timbre/speech'
import { verifiedLanguagesOf } from './voice-definition.js'
import type { NewVoice, VoicesRepository } from './voices.repository.js'

// The premade voice library, seeded at first start and upserted at every start from
// @timbre/speech's catalogue: ids never change, definitions follow the package. Neural voices
// from the models directory follow them; one whose files are gone becomes legacy.

/**
 * Premade voices get fixed creation times in catalogue order (the first is the newest), so
 * the default newest-first listing shows them in the catalogue's order, after any voice a
 * workspace creates.
 */
const PREMADE_EPOCH_MS = Date.UTC(2024, 0, 1)

export function premadeVoiceRow(definition: VoiceDefinition, index: number): NewVoice {
  return {
    id: definition.voice_id,
    workspace_id: null,
    owner_user_id: null,
    category: 'premade',
    name: definition.name,
    description: definition.description,
    labels: JSON.stringify(definition.labels),
    language: definition.language,
    definition: JSON.stringify(definition),
    settings: null,
    verified_languages: JSON.stringify(verifiedLanguagesOf(definition)),
    safety_control: null,
    sharing: null,
    sort_order: index,
    created_at: new Date(PREMADE_EPOCH_MS - index * 1000),
  }
}

export async function seedPremadeVoices(repository: VoicesRepository): Promise<void> {
  await repository.upsertPremade([...PREMADE_VOICES, ...neuralVoices()].map(premadeVoiceRow))
}
