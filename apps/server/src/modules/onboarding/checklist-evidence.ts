import type { OnboardingChecklistItemId } from '@timbre/contract'

/** What the other domains know about a user's first steps, read through their ports. */
export interface UserFacts {
  historySources: readonly string[]
  voiceCategories: readonly string[]
  apiKeyCount: number
}

// Voices a user brings into the lab (cloned from recordings or copied from the library) as
// opposed to voices designed from a prompt.
const LAB_VOICE_CATEGORIES = ['cloned', 'professional', 'library']

/**
 * The items the server can see happen, each with the fact that proves it. Items missing here
 * (a dub, the affiliate programme) have no domain on this server yet, so their completion is
 * taken from the client, which reports the event when it happens.
 */
export const SERVER_EVIDENCE: Partial<Record<OnboardingChecklistItemId, (facts: UserFacts) => boolean>> = {
  generate_text_to_speech: (f) => f.historySources.includes('TTS'),
  generate_speech_to_speech: (f) => f.historySources.includes('STS'),
  add_voice_to_voice_lab: (f) => f.voiceCategories.some((c) => LAB_VOICE_CATEGORIES.includes(c)),
  design_voice: (f) => f.voiceCategories.includes('generated'),
  generate_api_key: (f) => f.apiKeyCount > 0,
}

/** The server-verifiable items the facts show as done. */
export function itemsShownDone(facts: UserFacts): OnboardingChecklistItemId[] {
  return (Object.entries(SERVER_EVIDENCE) as [OnboardingChecklistItemId, (f: UserFacts) => boolean][])
    .filter(([, proves]) => proves(facts))
    .map(([item]) => item)
}
