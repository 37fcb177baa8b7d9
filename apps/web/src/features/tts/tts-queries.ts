import { useQuery } from '@tanstack/react-query'
import { getSubscription, listModels, listVoices } from '../../lib/api'

export function useModels() {
  return useQuery({ queryKey: ['models'], queryFn: listModels, staleTime: 5 * 60_000 })
}

/** The first 100 voices matching a search, by name. */
export function useVoices(search = '') {
  return useQuery({
    queryKey: ['voices', search],
    queryFn: () =>
      listVoices({ page_size: 100, search: search || undefined, sort: 'name', sort_direction: 'asc' }),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  })
}

export function useSubscription() {
  return useQuery({ queryKey: ['subscription'], queryFn: getSubscription, staleTime: 10_000 })
}
