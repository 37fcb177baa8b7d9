import { bindUseCases } from '../../platform/use-cases.js'
import { audio, create } from './preview-voices.js'
import type { VoiceDesignDeps } from './voice-design-deps.js'
import { design, remix } from './voice-design-previews.js'

export type { Preview } from './voice-design-deps.js'

/** Voice design and remix, each use case in its own file, bound to what they share. */
export function createVoiceDesignService(deps: Omit<VoiceDesignDeps, 'now'> & { now?: () => Date }) {
  const now = deps.now ?? (() => new Date())
  return bindUseCases({ ...deps, now }, { design, remix, audio, create })
}

export type VoiceDesignService = ReturnType<typeof createVoiceDesignService>
