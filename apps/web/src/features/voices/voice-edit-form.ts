import { VOICE_TEXT_LIMITS } from '@timbre/contract'
import type { Voice, VoiceEdit } from '../../lib/api-types'

// The edit form of a workspace voice: name, description and labels (a list of name/value
// rows on screen, a JSON object on the wire). The checks mirror the server's, so a user
// learns what to fix before sending; the server checks again.

export type LabelRow = { key: string; value: string }
export type EditForm = { name: string; description: string; labels: LabelRow[] }

export type EditError =
  | { field: 'name'; problem: 'required' | 'tooLong' }
  | { field: 'description'; problem: 'tooLong' }
  | { field: 'labels'; problem: 'tooMany' }
  | { field: 'label'; row: number; problem: 'keyRequired' | 'keyTooLong' | 'valueTooLong' | 'duplicate' }

export function formFromVoice(voice: Voice): EditForm {
  return {
    name: voice.name,
    description: voice.description ?? '',
    labels: Object.entries(voice.labels ?? {}).map(([key, value]) => ({ key, value })),
  }
}

/** Rows left completely empty are ignored (an added row the user did not fill in). */
const filled = (rows: LabelRow[]) => rows.filter((row) => row.key.trim() || row.value.trim())

/** Every problem of the form, in the order the fields appear; empty when it can be sent. */
export function validateEdit(form: EditForm): EditError[] {
  const errors: EditError[] = []
  const name = form.name.trim()
  if (!name) errors.push({ field: 'name', problem: 'required' })
  else if (name.length > VOICE_TEXT_LIMITS.nameMax) errors.push({ field: 'name', problem: 'tooLong' })
  if (form.description.trim().length > VOICE_TEXT_LIMITS.descriptionMax)
    errors.push({ field: 'description', problem: 'tooLong' })
  const seen = new Set<string>()
  form.labels.forEach((row, index) => {
    const key = row.key.trim()
    if (!key && !row.value.trim()) return
    if (!key) errors.push({ field: 'label', row: index, problem: 'keyRequired' })
    else if (key.length > VOICE_TEXT_LIMITS.labelKeyMax)
      errors.push({ field: 'label', row: index, problem: 'keyTooLong' })
    else if (seen.has(key.toLowerCase())) errors.push({ field: 'label', row: index, problem: 'duplicate' })
    if (row.value.trim().length > VOICE_TEXT_LIMITS.labelValueMax)
      errors.push({ field: 'label', row: index, problem: 'valueTooLong' })
    seen.add(key.toLowerCase())
  })
  if (filled(form.labels).length > VOICE_TEXT_LIMITS.labelsMax)
    errors.push({ field: 'labels', problem: 'tooMany' })
  return errors
}

/** What the edit call sends: trimmed text, no description as null, labels as one object. */
export function editFromForm(form: EditForm): VoiceEdit {
  const description = form.description.trim()
  return {
    name: form.name.trim(),
    description: description || null,
    labels: Object.fromEntries(filled(form.labels).map((row) => [row.key.trim(), row.value.trim()])),
  }
}
