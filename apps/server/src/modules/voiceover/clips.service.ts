import { bindUseCases } from '../../platform/use-cases.js'
import { add } from './clip-add.js'
import type { ClipsDeps } from './clip-deps.js'
import { audio, remove, split } from './clip-edits.js'
import { update } from './clip-update.js'

// Clips: added, moved, resized, regenerated, split and deleted under the placement rules. Work
// that takes time (speech, sound effects) runs before the project is locked; the rules are
// checked once before it (so a refused clip costs nothing) and again, with the final length,
// inside the lock that writes the clip. A speech clip is as long as its speech.

export type { ClipBody, ClipsDeps } from './clip-deps.js'

export function createClipsService(deps: ClipsDeps) {
  return bindUseCases(deps, { add, update, split, remove, audio })
}

export type ClipsService = ReturnType<typeof createClipsService>
