import {
  TRANSCRIPT_EXPORT_DEFAULTS,
  TRANSCRIPT_EXPORT_FORMATS,
  TRANSCRIPT_EXPORT_LIMITS,
  TRANSCRIPT_EXPORT_OPTION_NAMES,
  type TranscriptExportFormat,
  type TranscriptExportOptions,
} from '@timbre/contract'

// Reading the export requests of `additional_formats` (and of the download route): each entry is
// `{ format, ...options }` with the public API's snake_case names. The official JavaScript SDK
// writes this field with its own camelCase names (includeSpeakers), so those are read too.

export interface ExportRequest {
  format: TranscriptExportFormat
  options: TranscriptExportOptions
}

/** A request the caller must fix; the message names the entry and the option. */
export class ExportOptionError extends Error {}

const camelToSnake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

type Kind = 'boolean' | 'seconds' | 'count' | 'line'
const KINDS: Record<keyof TranscriptExportOptions, Kind> = {
  include_speakers: 'boolean',
  include_timestamps: 'boolean',
  segment_on_silence_longer_than_s: 'seconds',
  max_segment_duration_s: 'seconds',
  max_segment_chars: 'count',
  max_characters_per_line: 'line',
}

function checked(where: string, name: string, kind: Kind, value: unknown): boolean | number | null {
  const fail = (rule: string) => new ExportOptionError(`${where}: ${name} ${rule}.`)
  if (kind === 'boolean') {
    if (typeof value !== 'boolean') throw fail('must be true or false')
    return value
  }
  if (value === null) return null
  if (typeof value !== 'number' || !Number.isFinite(value)) throw fail('must be a number')
  const { seconds_max, chars_max, characters_per_line_min, characters_per_line_max } =
    TRANSCRIPT_EXPORT_LIMITS
  if (kind === 'seconds') {
    if (value <= 0 || value > seconds_max) throw fail(`must be more than 0 and at most ${seconds_max}`)
    return value
  }
  if (!Number.isInteger(value)) throw fail('must be a whole number')
  const [min, max] = kind === 'line' ? [characters_per_line_min, characters_per_line_max] : [1, chars_max]
  if (value < min || value > max) throw fail(`must be between ${min} and ${max}`)
  return value
}

/** One export request from its JSON object; `where` names it in messages. */
export function readExportRequest(entry: unknown, where: string): ExportRequest {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    throw new ExportOptionError(`${where} must be an object such as {"format": "srt"}.`)
  const { format, ...rest } = entry as Record<string, unknown>
  if (typeof format !== 'string' || !(TRANSCRIPT_EXPORT_FORMATS as readonly string[]).includes(format))
    throw new ExportOptionError(`${where}: format must be one of ${TRANSCRIPT_EXPORT_FORMATS.join(', ')}.`)
  const known = TRANSCRIPT_EXPORT_OPTION_NAMES[format as TranscriptExportFormat] as readonly string[]
  const options: TranscriptExportOptions = { ...TRANSCRIPT_EXPORT_DEFAULTS[format as TranscriptExportFormat] }
  const seen = new Set<string>()
  for (const [given, value] of Object.entries(rest)) {
    const name = camelToSnake(given)
    if (!known.includes(name))
      throw new ExportOptionError(`${where}: ${format} has no option ${given}; it takes ${known.join(', ')}.`)
    if (seen.has(name)) throw new ExportOptionError(`${where}: ${name} is given twice.`)
    seen.add(name)
    if (value === undefined) continue
    const key = name as keyof TranscriptExportOptions
    ;(options as unknown as Record<string, unknown>)[key] = checked(where, name, KINDS[key], value)
  }
  return { format: format as TranscriptExportFormat, options }
}

/** The parsed `additional_formats` array. */
export function readExportRequests(parsed: unknown): ExportRequest[] {
  if (!Array.isArray(parsed)) throw new ExportOptionError('additional_formats must be a JSON array.')
  if (parsed.length > TRANSCRIPT_EXPORT_FORMATS.length * 4)
    throw new ExportOptionError(
      `additional_formats holds at most ${TRANSCRIPT_EXPORT_FORMATS.length * 4} entries.`,
    )
  return parsed.map((entry, i) => readExportRequest(entry, `additional_formats[${i}]`))
}

/** The download route's query: its text values as JSON values (`true`, `false`, `null`, numbers). */
export function readExportQuery(query: Record<string, string | undefined>): ExportRequest {
  const entry: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue
    if (name === 'format') entry[name] = value
    else if (value === 'true' || value === 'false' || value === 'null') entry[name] = JSON.parse(value)
    else entry[name] = value.trim() === '' ? Number.NaN : Number(value)
  }
  return readExportRequest(entry, 'query')
}
