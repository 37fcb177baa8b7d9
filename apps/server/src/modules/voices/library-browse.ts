import {
  SIMILAR_VOICES_CLIP_SECONDS_MAX,
  SIMILAR_VOICES_THRESHOLD_DEFAULT,
  SIMILAR_VOICES_TOP_K_DEFAULT,
} from '@timbre/contract'
import { PREMADE_VOICES } from '@timbre/speech'
import { decodeVoiceUpload, MEASURE_SAMPLE_RATE, measureSpeech } from '../../platform/audio/measure.js'
import type { Principal } from '../../plugins/auth.js'
import { view } from './library-views.js'
import type { SharedFilters, SharedVoiceRow } from './voice-library.repository.js'
import type { SharedVoicesQuery } from './voice-library.schemas.js'
import { libraryDistance, SIMILAR_SCAN_MAX, type VoiceLibraryDeps, words } from './voice-library-deps.js'
import { type StoredSharing, storedSharing } from './voice-sharing.js'

export async function list(
  deps: VoiceLibraryDeps,
  principal: Principal,
  origin: string,
  q: SharedVoicesQuery,
) {
  const { library } = deps
  const labels: SharedFilters['labels'] = [
    ...(q.gender ? [{ key: 'gender', values: [q.gender] }] : []),
    ...(q.age ? [{ key: 'age', values: [q.age] }] : []),
    ...(q.accent ? [{ key: 'accent', values: [q.accent] }] : []),
    ...(q.use_cases?.length ? [{ key: 'use_case', values: q.use_cases }] : []),
    ...(q.descriptives?.length ? [{ key: 'descriptive', values: q.descriptives }] : []),
  ]
  const { rows, total } = await library.sharedPage(
    {
      category: q.category,
      labels,
      language: q.language,
      locale: q.locale,
      search: q.search || undefined,
      featured: q.featured,
      minNoticePeriodDays: q.min_notice_period_days,
      readerAppEnabled: q.reader_app_enabled,
      includeLiveModerated: q.include_live_moderated,
      ownerPublicId: q.owner_id,
      sort: q.sort ?? 'created_date',
    },
    q.page_size,
    q.page * q.page_size,
  )
  const added = await library.copiedBy(
    principal.workspaceId,
    rows.map((r) => r.id),
  )
  return {
    voices: rows.map((r) => view(r, origin, added)),
    has_more: (q.page + 1) * q.page_size < total,
    total_count: total,
    last_sort_id: rows.at(-1)?.id ?? null,
  }
}

/** Listed voices nearest to an uploaded clip, nearest first. */
export async function similar(
  deps: VoiceLibraryDeps,
  principal: Principal,
  origin: string,
  clip: Buffer,
  options: { threshold?: number | undefined; topK?: number | undefined },
) {
  const { library } = deps
  const where = { label: 'audio_file', param: 'audio_file', maxSeconds: SIMILAR_VOICES_CLIP_SECONDS_MAX }
  const { pcm } = await decodeVoiceUpload(clip, where)
  // Only the clip's first seconds are measured, however long it is.
  const head = pcm.subarray(0, SIMILAR_VOICES_CLIP_SECONDS_MAX * MEASURE_SAMPLE_RATE)
  const features = measureSpeech(head, where)
  const threshold = options.threshold ?? SIMILAR_VOICES_THRESHOLD_DEFAULT
  const topK = options.topK ?? SIMILAR_VOICES_TOP_K_DEFAULT
  const rows = await library.allShared(SIMILAR_SCAN_MAX)
  const ranked = rows
    .map((row) => ({
      row,
      distance: libraryDistance(features, storedSharing(row.sharing) as StoredSharing),
    }))
    .filter(
      (r): r is { row: SharedVoiceRow; distance: number } => r.distance !== null && r.distance <= threshold,
    )
    .sort((a, b) => a.distance - b.distance || a.row.id.localeCompare(b.row.id))
    .slice(0, topK)
  const added = await library.copiedBy(
    principal.workspaceId,
    ranked.map((r) => r.row.id),
  )
  return {
    voices: ranked.map((r) => ({ ...view(r.row, origin, added), similarity_distance: r.distance })),
    has_more: false,
    total_count: ranked.length,
    last_sort_id: null,
  }
}

/** Accents of the voice catalogue, Standard first in each language. */
export function accents(_deps: VoiceLibraryDeps, language?: string) {
  const seen = new Map<string, { accent: string; language: string; code: string; name: string }>()
  const languages = new Set(PREMADE_VOICES.map((v) => v.language))
  for (const lang of [...languages].sort()) {
    seen.set(`${lang}-standard`, {
      accent: 'standard',
      language: lang,
      code: `${lang}-standard`,
      name: 'Standard',
    })
  }
  for (const v of PREMADE_VOICES) {
    const accent = String(v.labels.accent ?? 'standard').toLowerCase()
    const code = `${v.language}-${accent.replace(/[^a-z0-9]+/g, '-')}`
    if (!seen.has(code)) seen.set(code, { accent, language: v.language, code, name: words(accent) })
  }
  const list = [...seen.values()]
    .filter((a) => !language || a.language === language.toLowerCase())
    .sort((a, b) =>
      a.language === b.language
        ? a.accent === 'standard'
          ? -1
          : b.accent === 'standard'
            ? 1
            : a.name.localeCompare(b.name)
        : a.language.localeCompare(b.language),
    )
  return { accents: list }
}
