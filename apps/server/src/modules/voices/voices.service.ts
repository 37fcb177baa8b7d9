import { AppError } from '../../errors.js'
import type { FileStorage } from '../../lib/storage.js'
import type { Topic } from '../../platform/events.js'
import type { PageTokenCodec } from './page-token.js'
import { samplesByVoice, settingsOf, type ViewContext, voiceView } from './voice.view.js'
import type { VoiceAccess } from './voice-access.js'
import { removalNotices, type VoiceRemovalNotice } from './voice-removal-notices.js'
import type { VoiceSamplesRepository } from './voice-samples.repository.js'
import type { VoiceFilters, VoicesRepository } from './voices.repository.js'
import type { SearchVoicesQuery, VoiceSettingsInput, VoiceView } from './voices.schemas.js'
import type { VoiceRow } from './voices.tables.js'

// The rules of the voices endpoints: a workspace sees the premade voices and its own, never
// another workspace's (404, not 403); premade voices are read-only.

export interface Caller {
  workspaceId: string
  userId: string
  /** Base of the preview URLs in the answer; the configured public URL when absent. */
  origin?: string
}

/** Voice collections, as far as listing voices needs them. */
export interface VoiceCollectionLookup {
  /** The voices in a collection of the workspace; null when it has no such collection. */
  voiceIds(workspaceId: string, collectionId: string): Promise<string[] | null>
  /** The workspace's collections each voice is in. */
  collectionIdsOf(workspaceId: string, voiceIds: readonly string[]): Promise<Map<string, string[]>>
}

/** The `fine_tuning` object of each of the voices that is a professional clone. */
export type FineTuningLookup = (voiceIds: readonly string[]) => Promise<Map<string, VoiceView['fine_tuning']>>

export interface VoicesServiceDeps {
  access?: VoiceAccess | undefined
  fineTuning?: FineTuningLookup | undefined
  /** Webhook notices to the workspaces that lose a voice they use. */
  removals?: Topic<VoiceRemovalNotice[]> | undefined
  collections?: VoiceCollectionLookup
  repository: VoicesRepository
  samples: VoiceSamplesRepository
  storage: FileStorage
  tokens: PageTokenCodec
  publicUrl: string
}

export function voiceNotFound(voiceId: string): AppError {
  return new AppError('voice_not_found', {
    message: `A voice with the voice_id ${voiceId} was not found.`,
    param: 'voice_id',
  })
}

/**
 * A workspace voice the caller may change, or a clear error: 404 for unknown/foreign ids, 403 for
 * premade ones and for a voice the caller may only view.
 */
export async function findEditableVoice(
  repository: VoicesRepository,
  caller: Caller,
  voiceId: string,
  access?: VoiceAccess,
) {
  const row = await repository.find(caller.workspaceId, voiceId)
  if (!row) throw voiceNotFound(voiceId)
  if (row.workspace_id === null) throw new AppError('premade_voice_protected', { param: 'voice_id' })
  await access?.requireEditor(caller, { id: row.id, ownerUserId: row.owner_user_id })
  return row as VoiceRow & { workspace_id: string }
}

/** `voice_type`, `category`, `fine_tuning_state`, `collection_id` and label filters as repository filters. */
export function searchFilters(caller: Caller, q: SearchVoicesQuery): VoiceFilters {
  const filters: VoiceFilters = {
    workspaceId: caller.workspaceId,
    userId: caller.userId,
    includeLegacy: q.voice_ids !== undefined,
    search: q.search || undefined,
    voiceIds: q.voice_ids,
  }
  const own = { premade: false, mine: true, others: true }
  switch (q.voice_type) {
    case 'personal':
      filters.owners = { premade: false, mine: true, others: false }
      break
    case 'workspace':
      filters.owners = { premade: false, mine: false, others: true }
      break
    case 'default':
      filters.owners = { premade: true, mine: false, others: false }
      break
    // No voice library copies exist yet, and no collections: "saved" is "non-default".
    case 'community':
      filters.none = true
      break
    case 'non-default':
    case 'non-community':
    case 'saved':
      filters.owners = own
      break
  }
  const categories: string[] | undefined = q.category ? [q.category] : undefined
  if (q.fine_tuning_state !== undefined) {
    // Only professional clones are fine-tuned; none has started training here.
    if (q.fine_tuning_state !== 'not_started') filters.none = true
    filters.categories = (categories ?? ['professional']).filter((c) => c === 'professional')
  } else if (categories) {
    filters.categories = categories
  }
  const labels: Array<{ key: string; values: string[] }> = []
  if (q.gender) labels.push({ key: 'gender', values: [q.gender] })
  if (q.age) labels.push({ key: 'age', values: [q.age] })
  if (q.accent) labels.push({ key: 'accent', values: [q.accent] })
  if (q.language?.length) labels.push({ key: 'language', values: q.language })
  if (q.use_cases?.length) labels.push({ key: 'use_case', values: q.use_cases })
  if (labels.length) filters.labels = labels
  return filters
}

export function createVoicesService(deps: VoicesServiceDeps) {
  const { repository, tokens } = deps
  const context = (caller: Caller): ViewContext => ({
    publicUrl: caller.origin ?? deps.publicUrl,
    userId: caller.userId,
  })

  async function fineTuningOf(rows: VoiceRow[]): Promise<Map<string, VoiceView['fine_tuning']>> {
    const professional = rows.filter((r) => r.category === 'professional').map((r) => r.id)
    if (!deps.fineTuning || professional.length === 0) return new Map()
    return deps.fineTuning(professional)
  }

  async function views(caller: Caller, rows: VoiceRow[]): Promise<VoiceView[]> {
    const samples = samplesByVoice(
      await deps.samples.samplesOf(rows.filter((r) => r.workspace_id).map((r) => r.id)),
    )
    const collections =
      (await deps.collections?.collectionIdsOf(
        caller.workspaceId,
        rows.map((r) => r.id),
      )) ?? new Map<string, string[]>()
    const fineTuning = await fineTuningOf(rows)
    return rows.map((row) => ({
      ...voiceView(row, samples.get(row.id) ?? [], context(caller), { fineTuning: fineTuning.get(row.id) }),
      collection_ids: collections.get(row.id) ?? [],
    }))
  }

  return {
    /** GET /v1/voices: every visible voice; legacy premade voices only with show_legacy. */
    async listAll(caller: Caller, showLegacy: boolean) {
      const rows = await repository.listAll({
        workspaceId: caller.workspaceId,
        userId: caller.userId,
        includeLegacy: showLegacy,
      })
      return { voices: await views(caller, rows) }
    },

    /** GET /v2/voices: a keyset page with an opaque, signed next_page_token. */
    async search(caller: Caller, q: SearchVoicesQuery) {
      const filters = searchFilters(caller, q)
      if (q.collection_id !== undefined) {
        const ids = await deps.collections?.voiceIds(caller.workspaceId, q.collection_id)
        if (!ids) filters.none = true
        else filters.voiceIds = filters.voiceIds ? filters.voiceIds.filter((id) => ids.includes(id)) : ids
      }
      const after = q.next_page_token ? tokens.decode(q.next_page_token, q.sort, q.sort_direction) : undefined
      const rows = await repository.page({
        ...filters,
        sort: q.sort,
        direction: q.sort_direction,
        after,
        limit: q.page_size,
      })
      const hasMore = rows.length > q.page_size
      const page = rows.slice(0, q.page_size)
      const last = page.at(-1)
      const voices = await views(
        caller,
        page.map((r) => r.row),
      )
      const totalCount = q.include_total_count ? await repository.count(filters) : voices.length
      return {
        voices,
        has_more: hasMore,
        next_page_token: hasMore && last ? tokens.encode(q.sort, q.sort_direction, last.position) : null,
        total_count: totalCount,
      }
    },

    async get(caller: Caller, voiceId: string, withSettings: boolean): Promise<VoiceView> {
      const row = await repository.find(caller.workspaceId, voiceId)
      if (!row) throw voiceNotFound(voiceId)
      const samples = row.workspace_id ? await deps.samples.samplesOf([row.id]) : []
      const collections = await deps.collections?.collectionIdsOf(caller.workspaceId, [row.id])
      const fineTuning = (await fineTuningOf([row])).get(row.id)
      return {
        ...voiceView(row, samples, context(caller), { withSettings, fineTuning }),
        collection_ids: collections?.get(row.id) ?? [],
      }
    },

    async remove(caller: Caller, voiceId: string): Promise<void> {
      const row = await findEditableVoice(repository, caller, voiceId, deps.access)
      const copies = deps.removals?.subscribed ? await repository.copiesOf(voiceId) : []
      const keys = await repository.remove(caller.workspaceId, voiceId)
      if (!keys) throw voiceNotFound(voiceId)
      await deps.access?.deleted(caller.workspaceId, voiceId)
      if (deps.removals?.subscribed) await deps.removals.publish(removalNotices(row, copies, caller.userId))
      await Promise.all(keys.map((key) => deps.storage.delete(key)))
    },

    async settings(caller: Caller, voiceId: string) {
      const row = await repository.find(caller.workspaceId, voiceId)
      if (!row) throw voiceNotFound(voiceId)
      return settingsOf(row)
    },

    /** Only the given fields change; the rest keep their saved (or default) values. */
    async editSettings(caller: Caller, voiceId: string, input: VoiceSettingsInput): Promise<void> {
      const row = await findEditableVoice(repository, caller, voiceId, deps.access)
      const current = settingsOf(row)
      const next = {
        stability: input.stability ?? current.stability,
        similarity_boost: input.similarity_boost ?? current.similarity_boost,
        style: input.style ?? current.style,
        use_speaker_boost: input.use_speaker_boost ?? current.use_speaker_boost,
        speed: input.speed ?? current.speed,
      }
      if (!(await repository.updateSettings(caller.workspaceId, voiceId, next))) throw voiceNotFound(voiceId)
    },
  }
}

export type VoicesService = ReturnType<typeof createVoicesService>
