import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  deleteTranscript,
  dismissTranscriptionJob,
  getTranscript,
  listSpeechToTextModels,
  listTranscriptionJobs,
  listTranscripts,
} from './speech-to-text-api'

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

/** The files being transcribed in the background, and those that failed; polled while any runs. */
export function useTranscriptionJobs() {
  return useQuery({
    queryKey: ['transcription-jobs'],
    queryFn: listTranscriptionJobs,
    refetchInterval: (query) =>
      query.state.data?.some((job) => job.status === 'queued' || job.status === 'running') ? 1000 : false,
  })
}

export function useDismissTranscriptionJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: dismissTranscriptionJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['transcription-jobs'] }),
  })
}

/** The server's speech to text models (its own engine and any Whisper models it was given). */
export function useSpeechToTextModels() {
  return useQuery({
    queryKey: ['speech-to-text-models'],
    queryFn: listSpeechToTextModels,
    staleTime: Infinity,
  })
}
