import { readKey, storageKeys, writeKey } from '../../lib/storage'

export type DialogueRow = { voice_id: string; text: string }

/** At most 50 dialogue rows are kept and restored. */
export const DIALOGUE_MAX_ROWS = 50

/** Rows from storage: only well-formed ones, at most 50; anything unreadable gives none. */
export function parseDialogue(raw: string | null): DialogueRow[] {
  if (!raw) return []
  try {
    const value: unknown = JSON.parse(raw)
    if (!Array.isArray(value)) return []
    return value
      .filter(
        (row): row is DialogueRow =>
          typeof row === 'object' &&
          row !== null &&
          typeof (row as DialogueRow).voice_id === 'string' &&
          typeof (row as DialogueRow).text === 'string',
      )
      .slice(0, DIALOGUE_MAX_ROWS)
      .map(({ voice_id, text }) => ({ voice_id, text }))
  } catch {
    return []
  }
}

export function loadDialogue(): DialogueRow[] {
  return parseDialogue(readKey(storageKeys.dialogue))
}

export function saveDialogue(rows: DialogueRow[]): void {
  writeKey(storageKeys.dialogue, JSON.stringify(rows.slice(0, DIALOGUE_MAX_ROWS)))
}

/**
 * Square-bracket audio tags ([whispers], [laughs]) are removed with the spaces around them
 * collapsed; a line with nested brackets is kept as written, and text of spaces only stays.
 */
export function stripAudioTags(text: string): string {
  if (text.trim() === '') return text
  return text
    .split('\n')
    .map((line) => {
      if (/\[[^\]]*\[/.test(line)) return line
      if (!/\[[^[\]]*\]/.test(line)) return line
      return line
        .replace(/\s*\[[^[\]]*\]\s*/g, ' ')
        .replace(/ {2,}/g, ' ')
        .trim()
    })
    .join('\n')
}

/** The rows to send: those with a voice and some text. */
export function dialogueInputs(rows: DialogueRow[]): DialogueRow[] {
  return rows.filter((row) => row.voice_id && row.text.length > 0 && row.text.trim().length > 0)
}

/** The text the player shows for a dialogue: its lines, tags removed. */
export function dialogueTitleText(rows: DialogueRow[]): string {
  return rows.map((row) => stripAudioTags(row.text)).join(' ')
}
