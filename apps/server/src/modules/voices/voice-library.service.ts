import { bindUseCases } from '../../platform/use-cases.js'
import { accents, list, similar } from './library-browse.js'
import { addCopy } from './library-copy.js'
import { share } from './library-sharing.js'
import type { VoiceLibraryDeps } from './voice-library-deps.js'

export * from './voice-library-deps.js'

/** The shared voice library: each use case in its own file, bound to the repositories it uses. */
export function createVoiceLibraryService(deps: VoiceLibraryDeps) {
  return bindUseCases(deps, { share, list, similar, accents, addCopy })
}

export type VoiceLibraryService = ReturnType<typeof createVoiceLibraryService>
