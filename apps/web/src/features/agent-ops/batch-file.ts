import { BATCH_OVERRIDE_COLUMNS, BATCH_PHONE_COLUMN } from '@timbre/contract'
import Papa from 'papaparse'
import { readSheet } from 'read-excel-file/browser'

// A batch file read in the browser: CSV (Papa Parse) or an Excel workbook (.xlsx, its first
// sheet, by read-excel-file), with a header row; the phone_number column is required, and the
// override columns (language, first_message, prompt, voice_id) become per-recipient overrides.
// The older binary Excel format (.xls) has no reader here and is refused as another type.

export type BatchFileResult =
  | { ok: true; recipients: Array<Record<string, unknown>> }
  | { ok: false; reason: 'type' | 'column' | 'empty' | 'unreadable' }

type Cell = string | number | boolean | Date | null | undefined

/**
 * A cell as text. Excel keeps a phone number typed without its `+` as a number, which loses
 * the plus sign: a whole number of phone-number length is given it back.
 */
function text(cell: Cell, column: string): string {
  if (cell === null || cell === undefined) return ''
  if (typeof cell === 'number' && column === BATCH_PHONE_COLUMN && Number.isInteger(cell)) return `+${cell}`
  if (cell instanceof Date) return cell.toISOString()
  return String(cell).trim()
}

function overridesOf(row: Record<string, string>) {
  const agent: Record<string, unknown> = {}
  if (row.language) agent.language = row.language
  if (row.first_message) agent.first_message = row.first_message
  if (row.prompt) agent.prompt = { prompt: row.prompt }
  const tts = row.voice_id ? { voice_id: row.voice_id } : null
  if (Object.keys(agent).length === 0 && !tts) return undefined
  return {
    conversation_config_override: {
      ...(Object.keys(agent).length ? { agent } : {}),
      ...(tts ? { tts } : {}),
    },
  }
}

/** Recipients from a sheet's rows, the first of which names the columns. */
export function recipientsOf(rows: Cell[][]): BatchFileResult {
  const filled = rows.filter((row) => row.some((cell) => text(cell, '') !== ''))
  const header = (filled[0] ?? []).map((cell) => text(cell, '').toLowerCase())
  if (!header.includes(BATCH_PHONE_COLUMN)) return { ok: false, reason: 'column' }
  const known = BATCH_OVERRIDE_COLUMNS as readonly string[]
  const recipients = filled.slice(1).map((values) => {
    const row = Object.fromEntries(header.map((column, i) => [column, text(values[i], column)]))
    const overrides = overridesOf(Object.fromEntries(Object.entries(row).filter(([k]) => known.includes(k))))
    return {
      phone_number: row[BATCH_PHONE_COLUMN],
      ...(overrides ? { conversation_initiation_client_data: overrides } : {}),
    }
  })
  return recipients.length ? { ok: true, recipients } : { ok: false, reason: 'empty' }
}

export async function readBatchFile(name: string, bytes: ArrayBuffer): Promise<BatchFileResult> {
  const lower = name.toLowerCase()
  if (lower.endsWith('.csv')) {
    const parsed = Papa.parse<string[]>(new TextDecoder().decode(bytes), { skipEmptyLines: 'greedy' })
    return recipientsOf(parsed.data)
  }
  if (lower.endsWith('.xlsx')) {
    try {
      return recipientsOf((await readSheet(bytes)) as Cell[][])
    } catch {
      return { ok: false, reason: 'unreadable' }
    }
  }
  return { ok: false, reason: 'type' }
}
