import {
  maxVoiceAddEdits,
  PLAN_LIMITS,
  PLANS,
  SIMILAR_VOICES_CLIP_SECONDS_MAX,
  SIMILAR_VOICES_THRESHOLD_DEFAULT,
  SIMILAR_VOICES_TOP_K_DEFAULT,
  type Tier,
} from '@timbre/contract'
import {
  PREMADE_VOICES,
  type SpeechService,
  similarityOf,
  type VoiceFeatures,
  voiceDistance,
} from '@timbre/speech'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import {
  decodeVoiceUpload,
  MEASURE_SAMPLE_RATE,
  measureSpeech,
  measureVoice,
} from '../../platform/audio/measure.js'
import type { Principal } from '../../plugins/auth.js'
import { definitionOf, previewUrl } from './voice.view.js'
import { monthStart } from './voice-clone.service.js'
import { parseVerifiedLanguages } from './voice-definition.js'
import type { SharedFilters, SharedVoiceRow, VoiceLibraryRepository } from './voice-library.repository.js'
import type { LibraryVoice, SharedVoicesQuery, SharingBody } from './voice-library.schemas.js'
import { type StoredSharing, storedSharing } from './voice-sharing.js'
import type { VoicesRepository } from './voices.repository.js'
import { voiceNotFound } from './voices.service.js'
import type { VoiceRow } from './voices.tables.js'

// The shared voice library: an owner lists a voice with its own name, description, labels and
// flags; any workspace of this server browses the listed voices and adds a copy under a new
// name (a voice slot and an add, like a clone). "copied_disabled" keeps a voice findable by
// its link but refuses new copies. A clip finds the listed voices nearest to it by the same
// measurements instant cloning uses.

/** Similar voices compares the clip with at most this many listed voices. */
const SIMILAR_SCAN_MAX = 5000

const isAdmin = (p: Principal) => p.workspace?.role === 'owner' || p.workspace?.role === 'admin'

function words(slug: string): string {
  return slug
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ')
}

/** 0 for the same voice, towards 2 for voices far apart (the public API's 0-2 scale). */
export function libraryDistance(clip: VoiceFeatures, sharing: StoredSharing): number | null {
  const f = sharing.features
  if (!f) return null
  const distances = [voiceDistance(clip, f.output)]
  if (f.samples) distances.push(voiceDistance(clip, f.samples))
  return Math.round(2 * (1 - similarityOf(Math.min(...distances))) * 1000) / 1000
}

export function createVoiceLibraryService(deps: {
  voices: VoicesRepository
  library: VoiceLibraryRepository
  speech: SpeechService
  publicUrl: string
  tierOf: (workspaceId: string) => Promise<string>
}) {
  const { voices, library } = deps

  function view(row: SharedVoiceRow, origin: string, added: Set<string>): LibraryVoice {
    const sharing = storedSharing(row.sharing) as StoredSharing
    const labels = sharing.labels ?? row.labels ?? {}
    const verified = parseVerifiedLanguages(row.verified_languages)
    return {
      public_owner_id: row.owner_public_id,
      voice_id: row.id,
      date_unix: sharing.date_unix ?? Math.floor(row.created_at.getTime() / 1000),
      name: sharing.name ?? row.name,
      accent: labels.accent ?? '',
      gender: labels.gender ?? '',
      age: labels.age ?? '',
      descriptive: labels.descriptive ?? '',
      use_case: labels.use_case ?? '',
      category: (sharing.category ?? row.category) as LibraryVoice['category'],
      language: row.language,
      locale: verified[0]?.locale ?? null,
      description: sharing.description ?? row.description,
      preview_url: previewUrl(origin, row.id),
      usage_character_count_1y: 0,
      usage_character_count_7d: 0,
      play_api_usage_character_count_1y: 0,
      cloned_by_count: sharing.cloned_by_count ?? 0,
      rate: null,
      fiat_rate: null,
      free_users_allowed: sharing.free_users_allowed ?? true,
      live_moderation_enabled: sharing.live_moderation_enabled ?? false,
      featured: sharing.featured ?? false,
      verified_languages: verified.map((v) => ({
        ...v,
        preview_url: previewUrl(origin, row.id, v.language),
      })),
      notice_period: sharing.notice_period ?? null,
      image_url: null,
      is_added_by_user: added.has(row.id),
    }
  }

  async function tierLimits(workspaceId: string) {
    const raw = await deps.tierOf(workspaceId)
    const tier = (raw in PLANS ? raw : 'free') as Tier
    return { tier, voiceLimit: PLAN_LIMITS[tier].voiceLimit }
  }

  return {
    /** The owner (or a workspace admin) lists, unlists or stops copies of a voice. */
    async share(principal: Principal, voiceId: string, body: SharingBody) {
      const row = await voices.find(principal.workspaceId, voiceId)
      if (!row) throw voiceNotFound(voiceId)
      if (row.workspace_id === null) throw new AppError('premade_voice_protected', { param: 'voice_id' })
      if (row.owner_user_id !== principal.userId && !isAdmin(principal))
        throw new AppError('voice_not_shareable')
      const current = storedSharing(row.sharing)
      if (current?.status === 'copied') throw new AppError('voice_copy_not_shareable', { param: 'voice_id' })
      const ownerPublicId = await library.publicIdOf(row.owner_user_id ?? principal.userId)
      if (!ownerPublicId) throw voiceNotFound(voiceId)
      let features = current?.features
      if (body.status === 'enabled' && !features) features = await featuresOf(row)
      const next: StoredSharing = {
        ...(current ?? {}),
        status: body.status,
        public_owner_id: ownerPublicId,
        original_voice_id: row.id,
        date_unix:
          body.status === 'enabled' && !current?.date_unix
            ? Math.floor(Date.now() / 1000)
            : (current?.date_unix ?? null),
        name: body.name ?? current?.name ?? row.name,
        description:
          body.description !== undefined
            ? body.description || null
            : (current?.description ?? row.description),
        labels: body.labels ?? current?.labels ?? (row.labels as Record<string, string>),
        category: body.category ?? current?.category ?? row.category,
        live_moderation_enabled: body.live_moderation_enabled ?? current?.live_moderation_enabled ?? false,
        free_users_allowed: body.free_users_allowed ?? current?.free_users_allowed ?? true,
        reader_app_enabled: body.reader_app_enabled ?? current?.reader_app_enabled ?? false,
        notice_period:
          body.notice_period !== undefined ? body.notice_period : (current?.notice_period ?? null),
        featured: current?.featured ?? false,
        cloned_by_count: current?.cloned_by_count ?? 0,
        liked_by_count: current?.liked_by_count ?? 0,
        financial_rewards_enabled: false,
        enabled_in_library: body.status === 'enabled',
        review_status: 'allowed',
        ...(features ? { features } : {}),
      }
      if (
        !(await library.setSharing(
          principal.workspaceId,
          voiceId,
          next as unknown as Record<string, unknown>,
        ))
      )
        throw voiceNotFound(voiceId)
      const { features: _hidden, ...shown } = next
      return { voice_id: voiceId, public_owner_id: ownerPublicId, sharing: shown as Record<string, unknown> }
    },

    async list(principal: Principal, origin: string, q: SharedVoicesQuery) {
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
    },

    /** A copy of a listed voice in the caller's workspace, under a new name. */
    async addCopy(principal: Principal, publicUserId: string, voiceId: string, newName: string) {
      const original = await library.findShared(voiceId)
      if (!original || original.owner_public_id !== publicUserId) {
        throw new AppError('shared_voice_not_found', { param: 'voice_id' })
      }
      const sharing = storedSharing(original.sharing) as StoredSharing
      if (sharing.status === 'copied_disabled')
        throw new AppError('voice_copy_disabled', { param: 'voice_id' })
      const { tier, voiceLimit } = await tierLimits(principal.workspaceId)
      if (tier === 'free' && sharing.free_users_allowed === false) {
        throw new AppError('voice_copy_disabled', {
          message: 'The owner of this voice allows it on paid plans only: upgrade to add it to your voices.',
          param: 'voice_id',
        })
      }
      const limitReached = () =>
        new AppError('voice_limit_reached', {
          message: `You have reached the maximum of ${voiceLimit} custom voices for your plan. Delete a voice or upgrade.`,
        })
      if ((await voices.countOwned(principal.workspaceId)) >= voiceLimit) throw limitReached()
      const maxAddEdits = maxVoiceAddEdits(voiceLimit)
      if ((await voices.countAddEditsSince(principal.workspaceId, monthStart())) >= maxAddEdits) {
        throw new AppError('voice_add_edit_limit_reached', {
          message: `You have used all ${maxAddEdits} voice additions and edits of your plan this month.`,
        })
      }
      const id = newId()
      const definition = { ...definitionOf(original), voice_id: id, name: newName }
      const copied: StoredSharing = {
        status: 'copied',
        public_owner_id: original.owner_public_id,
        original_voice_id: original.id,
        date_unix: Math.floor(Date.now() / 1000),
        live_moderation_enabled: sharing.live_moderation_enabled ?? false,
      }
      const saved = await library.createCopy(
        {
          id,
          workspace_id: principal.workspaceId,
          owner_user_id: principal.userId,
          category: sharing.category ?? original.category,
          name: newName,
          description: sharing.description ?? original.description,
          labels: JSON.stringify(sharing.labels ?? original.labels ?? {}),
          language: original.language,
          definition: JSON.stringify(definition),
          settings: original.settings === null ? null : JSON.stringify(original.settings),
          verified_languages: JSON.stringify(original.verified_languages ?? []),
          safety_control: null,
          sharing: JSON.stringify(copied),
        },
        original.id,
        voiceLimit,
      )
      if (!saved) throw limitReached()
      return { voice_id: id }
    },

    /** Listed voices nearest to an uploaded clip, nearest first. */
    async similar(
      principal: Principal,
      origin: string,
      clip: Buffer,
      options: { threshold?: number | undefined; topK?: number | undefined },
    ) {
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
          (r): r is { row: SharedVoiceRow; distance: number } =>
            r.distance !== null && r.distance <= threshold,
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
    },

    /** Accents of the voice catalogue, Standard first in each language. */
    accents(language?: string) {
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
    },
  }

  async function featuresOf(row: VoiceRow): Promise<NonNullable<StoredSharing['features']>> {
    const output = await measureVoice(deps.speech, definitionOf(row))
    const analysis = (row.definition as { clone_analysis?: { samples?: VoiceFeatures } } | null)
      ?.clone_analysis
    return { output, samples: analysis?.samples ?? null }
  }
}

export type VoiceLibraryService = ReturnType<typeof createVoiceLibraryService>
