import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  addStudioChapter,
  createStudioProject,
  deleteStudioProject,
  getStudioChapter,
  getStudioProject,
  listStudioProjects,
} from './studio-api'

const root = ['studio'] as const

export function useStudioProjects() {
  return useQuery({ queryKey: [...root, 'projects'], queryFn: listStudioProjects, select: (d) => d.projects })
}

export function useCreateStudioProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createStudioProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root }),
  })
}

export function useDeleteStudioProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteStudioProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root }),
  })
}

const CONVERSION_POLL_MS = 700

/** A project; while one of its chapters is queued or converting it is read again, for the progress bar. */
export function useStudioProject(id: string) {
  return useQuery({
    queryKey: [...root, 'project', id],
    queryFn: () => getStudioProject(id),
    refetchInterval: (query) =>
      query.state.data?.chapters.some((c) => ['queued', 'converting'].includes(c.conversion_state))
        ? CONVERSION_POLL_MS
        : false,
  })
}

export function useStudioChapter(projectId: string, chapterId: string | null) {
  return useQuery({
    queryKey: [...root, 'chapter', projectId, chapterId],
    queryFn: () => getStudioChapter(projectId, chapterId ?? ''),
    enabled: chapterId !== null,
    // The editor holds its own copy while it is edited; a refetch must not replace it.
    refetchOnWindowFocus: false,
  })
}

export function useAddStudioChapter(projectId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => addStudioChapter(projectId, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...root, 'project', projectId] }),
  })
}
