import { DOWNLOAD_FILE_NAME_MAX, SAVED_FILE_NAME_MAX } from '@timbre/contract'

// File names of downloaded history audio. Saved file names: strip / \ : * ? " < > |,
// collapse spaces to underscores, truncate to 20 characters. Download names: strip non-word
// characters, truncate to 255. A generated download name is prefix, ISO timestamp, name,
// category suffix (gen, pvc, pre, ivc), settings suffix, model suffix and extension (mp3,
// opus, wav or zip, ...). The extension is always the one of the bytes sent (the chosen output format).

export const DOWNLOAD_NAME_PREFIX = 'Timbre'

/** Cuts by characters, never inside a surrogate pair. */
function truncate(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length <= max ? text : chars.slice(0, max).join('')
}

/** "Saved file names": strip / \ : * ? " < > |, collapse spaces to underscores, 20 characters. */
export function savedFileName(name: string): string {
  return truncate(
    name
      .replace(/[/\\:*?"<>|]/g, '')
      .trim()
      .replace(/\s+/g, '_'),
    SAVED_FILE_NAME_MAX,
  )
}

/**
 * "Download names: strip non-word characters, truncate to 255". Word characters are taken
 * in the Unicode sense (letters, marks, digits, underscore) so a Japanese or Polish voice
 * name survives; the 255 include the extension, the limit of common file systems.
 */
export function downloadFileName(base: string, extension: string): string {
  const stem = base.replace(/[^\p{L}\p{M}\p{N}_]/gu, '')
  return `${truncate(stem || 'audio', DOWNLOAD_FILE_NAME_MAX - extension.length - 1)}.${extension}`
}

/** ISO 8601 basic format (`20261122T103121Z`): an ISO timestamp made of word characters only. */
export function isoBasicTimestamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '')
}

const CATEGORY_SUFFIX: Record<string, string> = {
  generated: 'gen',
  professional: 'pvc',
  premade: 'pre',
  cloned: 'ivc',
}

const MODEL_SUFFIX: Record<string, string> = {
  eleven_multilingual_v2: 'm2',
  eleven_multilingual_v1: 'm1',
  eleven_monolingual_v1: 'e1',
  eleven_v3: 'v3',
  eleven_turbo_v2: 't2',
  eleven_turbo_v2_5: 't2_5',
  eleven_flash_v2: 'f2',
  eleven_flash_v2_5: 'f2_5',
  eleven_english_sts_v2: 'sts_e2',
  eleven_multilingual_sts_v2: 'sts_m2',
}

export function categorySuffix(category: string | null): string {
  return category ? (CATEGORY_SUFFIX[category] ?? '') : ''
}

export function modelSuffix(modelId: string | null): string {
  if (!modelId) return ''
  return MODEL_SUFFIX[modelId] ?? modelId.replace(/^eleven_/, '')
}

const percent = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : null

/**
 * The voice settings in short: `s50_sb75_se0_b` (stability, similarity boost, style as
 * percentages; `b` when speaker boost is on), then `sp110` when the speed is not 1.
 */
export function settingsSuffix(settings: Record<string, unknown> | null): string {
  if (!settings) return ''
  const parts: string[] = []
  const stability = percent(settings.stability)
  const similarity = percent(settings.similarity_boost)
  const style = percent(settings.style)
  const speed = percent(settings.speed)
  if (stability !== null) parts.push(`s${stability}`)
  if (similarity !== null) parts.push(`sb${similarity}`)
  if (style !== null) parts.push(`se${style}`)
  if (settings.use_speaker_boost === true) parts.push('b')
  if (speed !== null && speed !== 100) parts.push(`sp${speed}`)
  return parts.join('_')
}

export interface GeneratedNameInput {
  createdAt: Date
  name: string
  category?: string | null
  settings?: Record<string, unknown> | null
  modelId?: string | null
  extension: 'mp3' | 'wav' | 'zip' | string
}

/** "prefix, ISO timestamp, name, category suffix, settings suffix, model suffix, extension". */
export function generatedDownloadName(input: GeneratedNameInput): string {
  const parts = [
    DOWNLOAD_NAME_PREFIX,
    isoBasicTimestamp(input.createdAt),
    savedFileName(input.name),
    categorySuffix(input.category ?? null),
    settingsSuffix(input.settings ?? null),
    modelSuffix(input.modelId ?? null),
  ].filter((part) => part !== '')
  return downloadFileName(parts.join('_'), input.extension)
}

/** Makes names unique inside one zip: `a.mp3`, `a_2.mp3`, `a_3.mp3`. */
export function uniqueFileNames(names: readonly string[]): string[] {
  const used = new Set<string>()
  return names.map((name) => {
    let candidate = name
    for (let n = 2; used.has(candidate); n++) {
      const dot = name.lastIndexOf('.')
      candidate = dot > 0 ? `${name.slice(0, dot)}_${n}${name.slice(dot)}` : `${name}_${n}`
    }
    used.add(candidate)
    return candidate
  })
}

/** `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<RFC 5987>` (RFC 6266). */
export function contentDisposition(fileName: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}
