import { useInfiniteQuery } from '@tanstack/react-query'
import type { HistoryQuery } from '../../lib/api-types'
import { listHistory } from './history-api'

export const HISTORY_PAGE_SIZE = 30

export type HistoryFilters = { search: string; voiceId: string; source: '' | 'TTS' | 'STS' | 'Flows' }

/** GET /v1/history page by page: each page starts after the last item of the one before. */
export function useHistory(filters: HistoryFilters) {
  return useInfiniteQuery({
    queryKey: ['history', filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const query: HistoryQuery = { page_size: HISTORY_PAGE_SIZE }
      if (pageParam) query.start_after_history_item_id = pageParam
      if (filters.search) query.search = filters.search
      if (filters.voiceId) query.voice_id = filters.voiceId
      if (filters.source) query.source = filters.source
      return listHistory(query)
    },
    getNextPageParam: (page) =>
      page.has_more && page.last_history_item_id ? page.last_history_item_id : null,
  })
}
