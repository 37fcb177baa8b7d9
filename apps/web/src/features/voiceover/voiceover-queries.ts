import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  createVoiceoverProject,
  deleteVoiceoverProject,
  getVoiceoverProject,
  getVoiceoverRender,
  listVoiceoverProjects,
} from './voiceover-api'

const root = ['voiceover'] as const
export const projectKey = (id: string) => [...root, 'project', id] as const

export function useVoiceoverProjects() {
  return useQuery({
    queryKey: [...root, 'projects'],
    queryFn: listVoiceoverProjects,
    select: (d) => d.projects,
  })
}

export function useCreateVoiceoverProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createVoiceoverProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root }),
  })
}

export function useDeleteVoiceoverProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteVoiceoverProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root }),
  })
}

export function useVoiceoverProject(id: string) {
  return useQuery({
    queryKey: projectKey(id),
    queryFn: () => getVoiceoverProject(id),
    refetchOnWindowFocus: false,
  })
}

/** A render's status, asked again every half second until it ends. */
export function useVoiceoverRender(projectId: string, renderId: string | null) {
  return useQuery({
    queryKey: [...root, 'render', projectId, renderId],
    queryFn: () => getVoiceoverRender(projectId, renderId ?? ''),
    enabled: renderId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status
      return status === 'done' || status === 'failed' ? false : 500
    },
  })
}
