import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import {
  addSharedVoice,
  createCollection,
  deleteCollection,
  listAccents,
  listCollections,
  listSharedVoices,
  type SharedVoicesQuery,
} from './library-api'

const PAGE_SIZE = 24

export function useSharedVoices(filters: Omit<SharedVoicesQuery, 'page' | 'page_size'>) {
  return useInfiniteQuery({
    queryKey: ['shared-voices', filters],
    queryFn: ({ pageParam }) => listSharedVoices({ ...filters, page: pageParam, page_size: PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.has_more ? pages.length : undefined),
    placeholderData: keepPreviousData,
  })
}

export function useAccents() {
  return useQuery({ queryKey: ['voice-accents'], queryFn: listAccents, staleTime: Infinity })
}

export function useAddSharedVoice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { publicUserId: string; voiceId: string; newName: string }) =>
      addSharedVoice(input.publicUserId, input.voiceId, input.newName),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['shared-voices'] })
      void queryClient.invalidateQueries({ queryKey: ['voices'] })
    },
  })
}

export function useCollections() {
  return useQuery({ queryKey: ['voice-collections'], queryFn: listCollections })
}

export function useCollectionMutations() {
  const queryClient = useQueryClient()
  const onSettled = () => queryClient.invalidateQueries({ queryKey: ['voice-collections'] })
  return {
    create: useMutation({
      mutationFn: (input: { title: string; icon: string }) => createCollection(input.title, input.icon),
      onSettled,
    }),
    remove: useMutation({ mutationFn: deleteCollection, onSettled }),
  }
}
