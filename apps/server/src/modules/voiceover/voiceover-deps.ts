import type { VoiceoverTrackType } from '@timbre/contract'
import type { FileStorage } from '../../lib/storage.js'
import type { VoiceoverRepository } from './voiceover.repository.js'

// Voiceover projects and their tracks. A project with media starts with a foreground track that
// holds the whole media as one clip; its timeline is as long as the media. Without media the
// timeline has a chosen length.

export const mediaKey = (workspaceId: string, projectId: string) =>
  `voiceover/${workspaceId}/${projectId}/media`

export const TRACK_NAMES: Record<VoiceoverTrackType, string> = {
  voiceover_speaker: 'Speaker',
  sfx: 'Sound effects',
  foreground: 'Foreground',
  dubbed_speaker: 'Dubbed speaker',
}

export interface VoiceoverDeps {
  repository: VoiceoverRepository
  storage: FileStorage
  defaultVoiceId: string
  /** Refuses a voice the workspace cannot use (404), before anything is written. */
  checkVoice: (workspaceId: string, voiceId: string) => Promise<void>
  /** The language codes a dubbed speaker track may speak. */
  languages: readonly string[]
  /** Whether a render row's worker is gone (no heartbeat for a while). */
  renderStale: (updatedAt: Date, status: string) => boolean
}
