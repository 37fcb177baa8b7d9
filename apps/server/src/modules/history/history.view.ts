import { findPremadeVoice } from '@timbre/speech'
import {
  alignmentsSchema,
  dialogueEntrySchema,
  feedbackSchema,
  type HistoryAlignments,
  type HistoryFeedback,
  type HistoryItemView,
} from './history.schemas.js'
import type { HistoryItemRow } from './history.tables.js'

// A stored history row as the public API shows it (ElevenLabs `SpeechHistoryItemResponse`).
// The jsonb columns are written by other modules (text to speech, dialogue); anything that does not have the documented shape is shown as
// null rather than failing the whole list.

export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Stored feedback, or null when there is none or it is malformed. */
export function readFeedback(value: unknown): HistoryFeedback | null {
  if (!isRecord(value)) return null
  const parsed = feedbackSchema.safeParse({ review_status: 'not_reviewed', ...value })
  return parsed.success ? parsed.data : null
}

/**
 * Stored alignments, in either shape: `{alignment, normalized_alignment}` or one
 * `CharAlignment` of the speech package (`{characters, character_start_times_seconds,
 * character_end_times_seconds}`), which then stands for both.
 */
function readAlignments(value: unknown): HistoryAlignments | null {
  if (!isRecord(value)) return null
  const single = Array.isArray(value.characters) ? value : undefined
  const alignment = single ?? value.alignment
  const parsed = alignmentsSchema.safeParse({
    alignment,
    normalized_alignment: single ?? value.normalized_alignment ?? value.normalizedAlignment ?? alignment,
  })
  return parsed.success ? parsed.data : null
}

export interface DialogueLine {
  text: string
  voice_id: string
  voice_name: string
}

/** Stored dialogue entries `{text, voice_id, voice_name?}`; a missing name is looked up among premade voices. */
export function readDialogue(value: unknown): DialogueLine[] | null {
  if (!Array.isArray(value)) return null
  const lines: DialogueLine[] = []
  for (const entry of value) {
    if (!isRecord(entry) || typeof entry.text !== 'string' || typeof entry.voice_id !== 'string') continue
    const name =
      typeof entry.voice_name === 'string' ? entry.voice_name : findPremadeVoice(entry.voice_id)?.name
    const parsed = dialogueEntrySchema.safeParse({
      text: entry.text,
      voice_id: entry.voice_id,
      voice_name: name ?? '',
    })
    if (parsed.success) lines.push(parsed.data)
  }
  return lines
}

export function toHistoryItemView(row: HistoryItemRow): HistoryItemView {
  return {
    history_item_id: row.id,
    request_id: row.request_id,
    voice_id: row.voice_id,
    model_id: row.model_id,
    voice_name: row.voice_name,
    voice_category: row.voice_category,
    text: row.text,
    date_unix: unixSeconds(row.created_at),
    character_count_change_from: row.character_count_change_from,
    character_count_change_to: row.character_count_change_to,
    content_type: row.content_type,
    state: 'created',
    settings: isRecord(row.settings) ? row.settings : null,
    feedback: readFeedback(row.feedback),
    share_link_id: row.share_token,
    source: row.source,
    alignments: readAlignments(row.alignment),
    dialogue: readDialogue(row.dialogue),
    output_format: row.output_format,
  }
}
