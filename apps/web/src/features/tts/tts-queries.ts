import { useQuery } from '@tanstack/react-query'
import { VOICES_PAGE_SIZE_MAX } from '@timbre/contract'
import { getSubscription } from '../account/account-api'
import { getVoice, listVoices } from '../voices/voices-api'
import { listModels } from './tts-api'

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

/**
 * The voices a new page starts with: the library's first English voices, in catalogue order
 * (the premade voices are dated so that the catalogue's first voice is the newest).
 */
export function useDefaultVoices() {
  return useQuery({
    queryKey: ['voices', 'defaults'],
    queryFn: () =>
      listVoices({
        page_size: 2,
        language: ['en'],
        voice_type: 'default',
        sort: 'created_at_unix',
        sort_direction: 'desc',
      }),
    staleTime: 5 * 60_000,
  })
}

/** The voices behind a list of ids (the dialogue lines restored from the last visit). */
export function useVoicesById(ids: readonly string[]) {
  const sorted = [...new Set(ids)].filter(Boolean).sort().slice(0, VOICES_PAGE_SIZE_MAX)
  return useQuery({
    queryKey: ['voices', 'ids', sorted],
    queryFn: () => listVoices({ voice_ids: sorted, page_size: VOICES_PAGE_SIZE_MAX }),
    enabled: sorted.length > 0,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  })
}

/** A voice asked for by the address (`?voice_id=`, from the voice library's "Use" button). */
export function useRequestedVoice(voiceId: string | null) {
  return useQuery({
    queryKey: ['voices', 'one', voiceId],
    queryFn: () => getVoice(voiceId ?? ''),
    enabled: !!voiceId,
    retry: false,
  })
}

export function useSubscription() {
  return useQuery({ queryKey: ['subscription'], queryFn: getSubscription, staleTime: 10_000 })
}
