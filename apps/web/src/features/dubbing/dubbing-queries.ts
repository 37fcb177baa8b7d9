import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { getDub, getResource, listDubs } from './dubbing-api'

/** How often a dub in progress is asked for its progress. */
const POLL_MS = 1000

export function useDubs() {
  return useInfiniteQuery({
    queryKey: ['dubs'],
    queryFn: ({ pageParam }) => listDubs(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more ? (last.next_cursor ?? undefined) : undefined),
    // A list with a dub in progress keeps its progress bars moving.
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.dubs.some((d) => d.status === 'dubbing')) ? POLL_MS : false,
  })
}

export function useDub(id: string) {
  return useQuery({
    queryKey: ['dub', id],
    queryFn: () => getDub(id),
    refetchInterval: (query) => (query.state.data?.status === 'dubbing' ? POLL_MS : false),
  })
}

export function useDubResource(id: string, enabled: boolean) {
  return useQuery({ queryKey: ['dub-resource', id], queryFn: () => getResource(id), enabled })
}
