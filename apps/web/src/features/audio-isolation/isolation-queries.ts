import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { deleteIsolation, listIsolations } from './audio-isolation-api'

export function useIsolations() {
  return useQuery({ queryKey: ['isolations'], queryFn: listIsolations })
}

export function useDeleteIsolation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteIsolation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['isolations'] }),
  })
}
