import type { Recogniser } from '@timbre/speech'
import { AppError } from '../../../errors.js'
import type { FileStorage } from '../../../lib/storage.js'
import type { Principal } from '../../../plugins/auth.js'
import type { TranscriptRow, TranscriptsRepository } from '../speech-to-text.repository.js'
import type { ApiWord } from '../transcript-words.js'
import type { TranscriptEditsRepository, TranscriptEditsRow } from './transcript-editing.repository.js'
import { speakerIds, transcriptText } from './transcript-edits.js'
import { drawnSegmentStarts, normaliseStarts, segmentsOf } from './transcript-segments.js'

// What every editor call starts from (the transcript, its words, segments, names and version)
// and how a change is saved: on the version the caller saw, or refused as a conflict.

export interface EditingDeps {
  transcripts: TranscriptsRepository
  edits: TranscriptEditsRepository
  storage: FileStorage
  recogniser: Recogniser
}

export interface EditorState {
  row: TranscriptRow
  edits: TranscriptEditsRow | undefined
  words: ApiWord[]
  starts: number[]
  names: Record<string, string>
  version: number
}

const parsed = <T>(value: unknown, empty: T): T =>
  value === null || value === undefined
    ? empty
    : ((typeof value === 'string' ? JSON.parse(value) : value) as T)

export async function loadState(deps: EditingDeps, principal: Principal, id: string): Promise<EditorState> {
  const row = await deps.transcripts.find(principal.workspaceId, id)
  if (!row) throw new AppError('transcript_not_found', { param: 'transcription_id' })
  const edits = await deps.edits.find(principal.workspaceId, id)
  const words = parsed<ApiWord[]>(row.words, [])
  const saved = parsed<number[] | null>(edits?.segment_starts, null)
  return {
    row,
    edits,
    words,
    starts: saved ? normaliseStarts(words, saved) : drawnSegmentStarts(words),
    names: parsed<Record<string, string>>(edits?.speaker_names, {}),
    version: edits?.version ?? 0,
  }
}

export function audioPath(id: string): string {
  return `/v1/speech-to-text/transcripts/${encodeURIComponent(id)}/audio`
}

/** The editor's view of a transcript: words, segments, named speakers, waveform and version. */
export function editorDocument(state: EditorState) {
  const available = !!state.edits?.audio_key
  return {
    transcription_id: state.row.id,
    file_name: state.row.file_name,
    version: state.version,
    language_code: state.row.language_code,
    audio_duration_secs: state.row.audio_duration_seconds,
    text: transcriptText(state.words),
    words: state.words,
    segments: segmentsOf(state.words, state.starts),
    speakers: speakerIds(state.words).map((id) => ({ speaker_id: id, name: state.names[id] ?? null })),
    audio: { available, url: available ? audioPath(state.row.id) : null },
    peaks: available ? parsed<number[]>(state.edits?.peaks, []) : [],
  }
}

export type EditorDocument = ReturnType<typeof editorDocument>

/** Saves a change made on `version`; a stale version, or a save that lost the race, is a conflict. */
export async function saveChange(
  deps: EditingDeps,
  principal: Principal,
  state: EditorState,
  version: number,
  change: { words?: ApiWord[]; starts?: number[]; names?: Record<string, string> },
): Promise<EditorDocument> {
  if (version !== state.version) throw new AppError('transcript_version_conflict', { param: 'version' })
  const words = change.words ?? state.words
  const starts = normaliseStarts(words, change.starts ?? state.starts)
  const names = change.names ?? state.names
  const text = transcriptText(words)
  const saved = await deps.edits.save(principal.workspaceId, state.row.id, version, {
    words,
    text,
    speakerNames: names,
    segmentStarts: starts,
  })
  if (saved === null) throw new AppError('transcript_version_conflict', { param: 'version' })
  return editorDocument({
    ...state,
    row: { ...state.row, text, words },
    words,
    starts,
    names,
    version: saved,
  })
}
