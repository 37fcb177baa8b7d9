import type { VoiceDefinition, VoiceSettings } from '@timbre/speech'

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
