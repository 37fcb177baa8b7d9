import type { PronunciationRule, VoiceDefinition, VoiceSettings } from '@timbre/speech'

// What a generation needs from the domains that own voices and pronunciation dictionaries,
// stated here so the shared machinery depends on no domain: the voices and dictionaries modules
// implement these and hand them in.

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

/** A pronunciation dictionary a request names, at a version or its latest. */
export interface Locator {
  pronunciation_dictionary_id: string
  version_id?: string | null | undefined
}

/** What speech calls use: the rules of the dictionaries a request names, in order. */
export interface PronunciationRulesPort {
  /**
   * Rules for a request of this workspace: the named dictionaries (at most 3) or, when the
   * request sends no list, the workspace defaults (an empty list applies none). Refuses an unknown dictionary or version (404) and
   * phoneme rules for a model that is not English-only (400).
   */
  rulesFor(
    workspaceId: string,
    locators: readonly Locator[] | null | undefined,
    model: { id: string; englishOnly: boolean },
    param?: string,
  ): Promise<PronunciationRule[]>
}
