import { TRANSCRIPT_EDIT_TEXT_MAX } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import type { Principal } from '../../../plugins/auth.js'
import { type EditingDeps, type EditorState, loadState, saveChange } from './editor-state.js'
import { realignWords, sharedTimes } from './realign-words.js'
import { decodeTranscriptSpan } from './transcript-audio.js'
import { checkWordRange, replaceWords, type TimedToken } from './transcript-edits.js'

// Replacing a range of words with new text: the new words are timed by re-aligning their segment.

/** Audio a little either side of a segment, so a word at its edge is heard whole. */
const SPAN_PADDING_SECONDS = 0.25
/**
 * A long segment is aligned only this far either side of the edit: the words around it anchor
 * the new ones, and the work stays small however long the segment runs.
 */
const CONTEXT_SECONDS = 8
/** Words replaced over a longer stretch than this share its time without aligning (bounded work). */
const ALIGNED_RANGE_MAX_SECONDS = 120

export interface WordsEdit {
  version: number
  from_index: number
  to_index: number
  text: string
}

async function spanSamples(deps: EditingDeps, state: EditorState, start: number, end: number) {
  const key = state.edits?.audio_key
  if (!key) return null
  const bytes = await deps.storage.get(key)
  return bytes ? decodeTranscriptSpan(bytes, start, end) : null
}

async function timesFor(deps: EditingDeps, state: EditorState, edit: WordsEdit, texts: string[]) {
  const { segments, segment } = checkWordRange(state.words, state.starts, edit.from_index, edit.to_index)
  const words = state.words
  const own = segments[segment]!
  const firstOld = words[edit.from_index]!
  const lastOld = words[edit.to_index]!
  if (firstOld.start === null || lastOld.end === null || own.start === null || own.end === null)
    return texts.map((text): TimedToken => ({ text, start: null, end: null }))
  const windowStart = Math.max(own.start, firstOld.start - CONTEXT_SECONDS)
  const windowEnd = Math.min(own.end, lastOld.end + CONTEXT_SECONDS)
  const spoken = (from: number, to: number) =>
    words
      .slice(from, to)
      .filter((w) => w.type === 'word' && (w.start ?? 0) >= windowStart && (w.end ?? 0) <= windowEnd)
      .map((w) => w.text)
  const before = spoken(own.start_index, edit.from_index)
  const after = spoken(edit.to_index + 1, own.end_index + 1)
  // The new words stay between the untouched spoken entries either side within their segment.
  const previous = words
    .slice(own.start_index, edit.from_index)
    .reverse()
    .find((w) => w.type !== 'spacing')
  const next = words.slice(edit.to_index + 1, own.end_index + 1).find((w) => w.type !== 'spacing')
  const bounds = { from: previous?.end ?? own.start, to: next?.start ?? own.end }
  if (texts.length === 0) return []
  if (lastOld.end - firstOld.start > ALIGNED_RANGE_MAX_SECONDS)
    return sharedTimes(texts, bounds.from, bounds.to)
  const duration = state.row.audio_duration_seconds
  const span = {
    start: Math.max(0, windowStart - SPAN_PADDING_SECONDS),
    end: Math.min(duration, windowEnd + SPAN_PADDING_SECONDS),
  }
  let samples: Float32Array | null = null
  try {
    samples = await spanSamples(deps, state, span.start, span.end)
  } catch {
    // Audio that cannot be read back leaves the words their share of the old words' time.
    return sharedTimes(texts, firstOld.start, lastOld.end)
  }
  return realignWords(deps.recogniser, {
    samples,
    segmentWords: [...before, ...texts, ...after],
    first: before.length,
    count: texts.length,
    span,
    bounds,
  })
}

export async function editWords(deps: EditingDeps, principal: Principal, id: string, edit: WordsEdit) {
  if ([...edit.text].length > TRANSCRIPT_EDIT_TEXT_MAX)
    throw new AppError('validation_error', {
      param: 'text',
      message: `The text is at most ${TRANSCRIPT_EDIT_TEXT_MAX} characters.`,
    })
  const state = await loadState(deps, principal, id)
  if (edit.version !== state.version) throw new AppError('transcript_version_conflict', { param: 'version' })
  const texts = edit.text.split(/\s+/).filter(Boolean)
  const times = await timesFor(deps, state, edit, texts)
  const changed = replaceWords(state.words, state.starts, { from: edit.from_index, to: edit.to_index }, times)
  return saveChange(deps, principal, state, edit.version, { words: changed.words, starts: changed.starts })
}
