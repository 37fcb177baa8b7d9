import { BATCH_OVERRIDE_COLUMNS, BATCH_PHONE_COLUMN } from '@timbre/contract'

// A batch file read in the browser: CSV with a header row; the phone_number column is required,
// and the override columns (language, first_message, prompt, voice_id) become per-recipient
// overrides. Excel files are refused with the rule's message until a reader is added.

export type BatchFileResult =
  | { ok: true; recipients: Array<Record<string, unknown>> }
  | { ok: false; reason: 'type' | 'column' | 'empty' }

/** Splits one CSV line, honouring double quotes ("a, b" and "" inside quotes). */
function cells(line: string): string[] {
  const out: string[] = []
  let current = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (quoted && c === '"' && line[i + 1] === '"') {
      current += '"'
      i++
    } else if (c === '"') quoted = !quoted
    else if (c === ',' && !quoted) {
      out.push(current)
      current = ''
    } else current += c
  }
  out.push(current)
  return out.map((cell) => cell.trim())
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

export function readBatchFile(name: string, text: string): BatchFileResult {
  if (!name.toLowerCase().endsWith('.csv')) return { ok: false, reason: 'type' }
  const lines = text.split(/\r?\n/).filter((line) => line.trim())
  const header = cells(lines[0] ?? '').map((h) => h.toLowerCase())
  if (!header.includes(BATCH_PHONE_COLUMN)) return { ok: false, reason: 'column' }
  const recipients = lines.slice(1).map((line) => {
    const values = cells(line)
    const row = Object.fromEntries(header.map((h, i) => [h, values[i] ?? '']))
    const known = BATCH_OVERRIDE_COLUMNS as readonly string[]
    const overrides = overridesOf(Object.fromEntries(Object.entries(row).filter(([k]) => known.includes(k))))
    return {
      phone_number: row[BATCH_PHONE_COLUMN],
      ...(overrides ? { conversation_initiation_client_data: overrides } : {}),
    }
  })
  return recipients.length ? { ok: true, recipients } : { ok: false, reason: 'empty' }
}
