import { VOICES_PAGE_SIZE_DEFAULT } from '@timbre/contract'
import type { VoiceQuery } from '../../lib/api-types'

// The voice library's filters. They live in the page's address (so a filtered view can be
// reloaded, shared and reached with Back) and become the query of GET /v2/voices.

export const VOICE_CATEGORIES = ['premade', 'cloned', 'generated', 'professional'] as const
export type VoiceCategory = (typeof VOICE_CATEGORIES)[number]

/** Whose voices: the default library, the caller's own, or everyone's in the workspace. */
export const VOICE_OWNERS = ['default', 'personal', 'workspace'] as const
export type VoiceOwner = (typeof VOICE_OWNERS)[number]

/** Each sort option is a `sort` and `sort_direction` pair of the listing. */
export const VOICE_SORTS = {
  newest: { sort: 'created_at_unix', sort_direction: 'desc' },
  oldest: { sort: 'created_at_unix', sort_direction: 'asc' },
  nameAsc: { sort: 'name', sort_direction: 'asc' },
  nameDesc: { sort: 'name', sort_direction: 'desc' },
} as const satisfies Record<string, Pick<VoiceQuery, 'sort' | 'sort_direction'>>
export type VoiceSort = keyof typeof VOICE_SORTS

export type VoiceFilters = {
  search: string
  category: VoiceCategory | ''
  owner: VoiceOwner | ''
  sort: VoiceSort
}

export const DEFAULT_FILTERS: VoiceFilters = { search: '', category: '', owner: '', sort: 'nameAsc' }

/** The longest search the listing accepts. */
export const SEARCH_MAX = 200

const pick = <T extends string>(options: readonly T[], value: string | null): T | '' =>
  options.includes(value as T) ? (value as T) : ''

/** Filters from the address; anything unknown falls back to its default, never an error. */
export function filtersFromParams(params: URLSearchParams): VoiceFilters {
  const sort = params.get('sort')
  return {
    search: (params.get('q') ?? '').slice(0, SEARCH_MAX),
    category: pick(VOICE_CATEGORIES, params.get('category')),
    owner: pick(VOICE_OWNERS, params.get('type')),
    sort: sort && sort in VOICE_SORTS ? (sort as VoiceSort) : DEFAULT_FILTERS.sort,
  }
}

/** The address form of the filters: defaults are left out, so the plain page has a plain URL. */
export function filtersToParams(filters: VoiceFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.search) params.set('q', filters.search)
  if (filters.category) params.set('category', filters.category)
  if (filters.owner) params.set('type', filters.owner)
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort)
  return params
}

/**
 * The GET /v2/voices query of one page. A next page repeats the same filters and sort with the
 * token of the page before (the listing's tokens are only valid for the same sort).
 */
export function voiceListQuery(
  filters: VoiceFilters,
  pageToken: string | null,
  pageSize: number = VOICES_PAGE_SIZE_DEFAULT,
): VoiceQuery {
  const query: VoiceQuery = { page_size: pageSize, ...VOICE_SORTS[filters.sort] }
  const search = filters.search.trim()
  if (search) query.search = search
  if (filters.category) query.category = filters.category
  if (filters.owner) query.voice_type = filters.owner
  if (pageToken) query.next_page_token = pageToken
  return query
}

/** The token of the page after this one, or null at the end. */
export function nextPageToken(page: { has_more: boolean; next_page_token: string | null }): string | null {
  return page.has_more && page.next_page_token ? page.next_page_token : null
}

export function isFiltered(filters: VoiceFilters): boolean {
  return !!(filters.search.trim() || filters.category || filters.owner)
}
