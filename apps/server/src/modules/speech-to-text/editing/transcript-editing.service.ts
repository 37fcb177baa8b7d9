import { bindUseCases } from '../../../platform/use-cases.js'
import { joinWithNext, mergeSpeaker, renameSpeaker, splitAt } from './edit-structure.use-case.js'
import { editWords } from './edit-words.use-case.js'
import { getAudio, getCues, getEditor } from './editor-reads.use-case.js'
import type { EditingDeps } from './editor-state.js'

/** The transcript editor: its reads and its version-checked edits. */
export function createTranscriptEditingService(deps: EditingDeps) {
  return bindUseCases(deps, {
    getEditor,
    getAudio,
    getCues,
    editWords,
    renameSpeaker,
    mergeSpeaker,
    splitAt,
    joinWithNext,
  })
}

export type TranscriptEditingService = ReturnType<typeof createTranscriptEditingService>
