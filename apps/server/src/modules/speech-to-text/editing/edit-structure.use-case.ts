import { TRANSCRIPT_SPEAKER_NAME_MAX } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import type { Principal } from '../../../plugins/auth.js'
import { type EditingDeps, loadState, saveChange } from './editor-state.js'
import { joinSegments, mergeSpeakers, speakerIds, splitSegment } from './transcript-edits.js'

// Speakers and segments: naming a speaker, giving one speaker's words to another, and cutting or
// joining segments. Each is saved on the version the caller saw.

export async function renameSpeaker(
  deps: EditingDeps,
  principal: Principal,
  id: string,
  speakerId: string,
  edit: { version: number; name: string | null },
) {
  const state = await loadState(deps, principal, id)
  if (!speakerIds(state.words).includes(speakerId))
    throw new AppError('transcript_edit_invalid', {
      param: 'speaker_id',
      message: 'No word has this speaker.',
    })
  const name = edit.name?.trim() ?? ''
  if ([...name].length > TRANSCRIPT_SPEAKER_NAME_MAX)
    throw new AppError('validation_error', {
      param: 'name',
      message: `A speaker's name is at most ${TRANSCRIPT_SPEAKER_NAME_MAX} characters.`,
    })
  const { [speakerId]: _old, ...names } = state.names
  // An empty name gives the speaker back its number.
  if (name) names[speakerId] = name
  return saveChange(deps, principal, state, edit.version, { names })
}

export async function mergeSpeaker(
  deps: EditingDeps,
  principal: Principal,
  id: string,
  speakerId: string,
  edit: { version: number; into_speaker_id: string },
) {
  const state = await loadState(deps, principal, id)
  const merged = mergeSpeakers(state.words, state.names, speakerId, edit.into_speaker_id)
  return saveChange(deps, principal, state, edit.version, { words: merged.words, names: merged.names })
}

export async function splitAt(
  deps: EditingDeps,
  principal: Principal,
  id: string,
  edit: { version: number; word_index: number },
) {
  const state = await loadState(deps, principal, id)
  const starts = splitSegment(state.words, state.starts, edit.word_index)
  return saveChange(deps, principal, state, edit.version, { starts })
}

export async function joinWithNext(
  deps: EditingDeps,
  principal: Principal,
  id: string,
  edit: { version: number; segment_index: number },
) {
  const state = await loadState(deps, principal, id)
  const joined = joinSegments(state.words, state.starts, edit.segment_index)
  return saveChange(deps, principal, state, edit.version, { words: joined.words, starts: joined.starts })
}
