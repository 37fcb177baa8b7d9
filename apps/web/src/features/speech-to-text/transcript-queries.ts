import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { deleteTranscript, getTranscript, listTranscripts } from './speech-to-text-api'

export function useTranscripts() {
  return useInfiniteQuery({
    queryKey: ['transcripts'],
    queryFn: ({ pageParam }) => listTranscripts(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more ? (last.last_transcription_id ?? undefined) : undefined),
  })
}

export function useTranscript(id: string) {
  return useQuery({ queryKey: ['transcript', id], queryFn: () => getTranscript(id) })
}

export function useDeleteTranscript() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTranscript,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['transcripts'] }),
  })
}
