import { TRANSCRIPT_AUDIO_CONTENT_TYPE } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import type { Principal } from '../../../plugins/auth.js'
import { ExportOptionError, readExportQuery } from '../exports/export-options.js'
import { segmentsOf as cuesOf } from '../exports/segments.js'
import { type EditingDeps, editorDocument, loadState } from './editor-state.js'

// What the editor reads: its document, the kept audio, and the subtitle cues under given limits.

export async function getEditor(deps: EditingDeps, principal: Principal, id: string) {
  return editorDocument(await loadState(deps, principal, id))
}

export async function getAudio(deps: EditingDeps, principal: Principal, id: string) {
  const edits = await deps.edits.find(principal.workspaceId, id)
  if (!edits) {
    if (!(await deps.transcripts.find(principal.workspaceId, id)))
      throw new AppError('transcript_not_found', { param: 'transcription_id' })
    throw new AppError('transcript_audio_missing')
  }
  const bytes = edits.audio_key ? await deps.storage.get(edits.audio_key) : null
  if (!bytes) throw new AppError('transcript_audio_missing')
  return { bytes, contentType: TRANSCRIPT_AUDIO_CONTENT_TYPE }
}

/** The subtitle cues of the transcript as its SRT and WebVTT exports cut them, under the limits asked. */
export async function getCues(
  deps: EditingDeps,
  principal: Principal,
  id: string,
  query: Record<string, string | undefined>,
) {
  let request: ReturnType<typeof readExportQuery>
  try {
    request = readExportQuery({ ...query, format: 'srt' })
  } catch (error) {
    if (error instanceof ExportOptionError) throw new AppError('validation_error', { message: error.message })
    throw error
  }
  const state = await loadState(deps, principal, id)
  const cues = cuesOf(
    { transcription_id: id, language_code: state.row.language_code, words: state.words },
    'srt',
    request.options,
  )
  return {
    options: request.options,
    cues: cues.map((c) => ({ start: c.start, end: c.end, speaker_id: c.speaker, lines: c.lines })),
  }
}
