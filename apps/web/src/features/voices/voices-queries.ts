import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { VoiceEdit, VoicePage } from '../../lib/api-types'
import { nextPageToken, type VoiceFilters, voiceListQuery } from './voice-filters'
import { addVoice, deleteVoice, editVoice, getVoice, listVoices } from './voices-api'

/** Every cached voice query starts with this key, so an edit or delete refreshes them all. */
export const VOICES_KEY = 'voices'

/** Loads the pages of a listing in order; each page asks for the one after with its token. */
export async function loadPage(
  filters: VoiceFilters,
  pageToken: string | null,
  pageSize?: number,
): Promise<VoicePage> {
  return listVoices(voiceListQuery(filters, pageToken, pageSize))
}

/** GET /v2/voices page by page (token-based infinite scroll). */
export function useVoicePages(filters: VoiceFilters, pageSize?: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: [VOICES_KEY, 'pages', filters, pageSize ?? null],
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => loadPage(filters, pageParam, pageSize),
    getNextPageParam: nextPageToken,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  })
}

export function useVoice(voiceId: string | null) {
  return useQuery({
    queryKey: [VOICES_KEY, 'one', voiceId],
    queryFn: () => getVoice(voiceId ?? ''),
    enabled: !!voiceId,
  })
}

export function useEditVoice(voiceId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (edit: VoiceEdit) => editVoice(voiceId, edit),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [VOICES_KEY] }),
  })
}

export function useDeleteVoice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (voiceId: string) => deleteVoice(voiceId),
    onSuccess: (_answer, voiceId) => {
      // The deleted voice's own record is dropped, not fetched again (it would answer 404).
      const own = [VOICES_KEY, 'one', voiceId]
      queryClient.removeQueries({ queryKey: own, exact: true })
      return queryClient.invalidateQueries({
        queryKey: [VOICES_KEY],
        predicate: (query) => !(query.queryKey[1] === own[1] && query.queryKey[2] === voiceId),
      })
    },
  })
}

export function useAddVoice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addVoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [VOICES_KEY] }),
  })
}
