import { DOWNLOAD_FILE_NAME_MAX, SAVED_FILE_NAME_MAX } from '@timbre/contract'

/** Content types a download may carry, and the extension each one saves with. */
export const DOWNLOAD_TYPES: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/wave': 'wav',
  'audio/x-wav': 'wav',
  'audio/pcm': 'pcm',
  'audio/basic': 'ulaw',
  'audio/x-alaw-basic': 'alaw',
  'application/zip': 'zip',
  'application/x-zip-compressed': 'zip',
}

/** The extension for a response's content type; an unknown type is an error the user sees. */
export function extensionForContentType(contentType: string | null): string {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  const extension = DOWNLOAD_TYPES[type]
  if (!extension) throw new Error(`Invalid response type received: '${type}' is not supported.`)
  return extension
}

/** The extension of an output format name (`mp3_44100_128` -> mp3); MP3 is the default. */
export function extensionForFormat(format: string | null | undefined): string {
  const codec = (format ?? 'mp3').split('_')[0]?.toLowerCase() ?? 'mp3'
  return codec === '' ? 'mp3' : codec
}

/** Appends the extension when missing, replaces it when different. */
export function withExtension(name: string, extension: string): string {
  const dot = name.lastIndexOf('.')
  const base = dot > 0 ? name.slice(0, dot) : name
  return `${base}.${extension}`
}

/** A name to save under: without / \ : * ? " < > |, spaces as underscores, 20 characters at most. */
export function savedFileName(name: string): string {
  return name
    .replace(/[/\\:*?"<>|]/g, '')
    .trim()
    .replace(/\s+/g, '_')
    .slice(0, SAVED_FILE_NAME_MAX)
}

/** A download name: word characters only (letters, digits, underscore), 255 characters at most. */
export function downloadFileName(name: string): string {
  return name.replace(/[^\p{L}\p{N}_]/gu, '').slice(0, DOWNLOAD_FILE_NAME_MAX)
}

const CATEGORY_SUFFIX: Record<string, string> = {
  generated: 'gen',
  professional: 'pvc',
  premade: 'pre',
  cloned: 'ivc',
}

type Settings = {
  stability?: unknown
  similarity_boost?: unknown
  style?: unknown
  use_speaker_boost?: unknown
}

const percent = (value: unknown) => (typeof value === 'number' ? String(Math.round(value * 100)) : null)

/** The settings part of a generated name: s50_sb75_se0_b (b when speaker boost is on). */
export function settingsSuffix(settings: Settings | null | undefined): string {
  if (!settings) return ''
  const parts = [
    percent(settings.stability) && `s${percent(settings.stability)}`,
    percent(settings.similarity_boost) && `sb${percent(settings.similarity_boost)}`,
    percent(settings.style) && `se${percent(settings.style)}`,
    settings.use_speaker_boost === true ? 'b' : null,
  ]
  return parts.filter(Boolean).join('_')
}

/** eleven_multilingual_v2 -> m2, eleven_turbo_v2_5 -> t25, eleven_v3 -> v3. */
export function modelSuffix(modelId: string | null | undefined): string {
  if (!modelId) return ''
  const match = /^eleven_(?:(\w+?)_)?v(\d+(?:_\d+)?)$/.exec(modelId)
  if (!match) return ''
  const family = match[1] ? match[1].charAt(0) : 'v'
  return `${family}${(match[2] ?? '').replace('_', '')}`
}

/**
 * The generated download name: prefix, ISO timestamp, voice name, category suffix, settings
 * suffix, model suffix, then the extension; the ISBN comes first when the item has one.
 */
export function generatedDownloadName(input: {
  prefix?: string
  date: Date
  voiceName?: string | null
  category?: string | null
  settings?: Settings | null
  modelId?: string | null
  extension: string
  isbn?: string | null
}): string {
  const stamp = input.date
    .toISOString()
    .slice(0, 19)
    .replace(/[-:]/g, (c) => (c === ':' ? '_' : '-'))
  const parts = [
    input.isbn ? downloadFileName(input.isbn) : null,
    input.prefix ?? 'Timbre',
    stamp.replace(/-/g, '_'),
    input.voiceName ? downloadFileName(input.voiceName.replace(/\s+/g, '_')) : null,
    input.category ? (CATEGORY_SUFFIX[input.category] ?? null) : null,
    settingsSuffix(input.settings),
    modelSuffix(input.modelId),
  ].filter((part): part is string => !!part)
  const base = downloadFileName(parts.join('_')).slice(0, DOWNLOAD_FILE_NAME_MAX - input.extension.length - 1)
  return `${base}.${input.extension}`
}
