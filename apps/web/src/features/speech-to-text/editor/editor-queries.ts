import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError } from '../../../lib/api-error'
import { type CueLimits, type Edit, type EditorDocument, getCues, getEditor, sendEdit } from './editor-api'

export const editorKey = (id: string) => ['transcriptEditor', id] as const

export function useEditor(id: string) {
  return useQuery({ queryKey: editorKey(id), queryFn: () => getEditor(id) })
}

export function useCues(id: string, limits: CueLimits, version: number | undefined) {
  return useQuery({
    queryKey: ['transcriptCues', id, limits, version],
    queryFn: () => getCues(id, limits),
    enabled: version !== undefined,
    placeholderData: (previous) => previous,
  })
}

/**
 * Sends an edit on the version on show. The answer replaces the document; a conflict (someone
 * saved first) loads the current one, and the caller tells the reader.
 */
export function useEdit(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (edit: Edit) => {
      const current = queryClient.getQueryData<EditorDocument>(editorKey(id))
      return sendEdit(id, current?.version ?? 0, edit)
    },
    onSuccess: (document) => {
      queryClient.setQueryData(editorKey(id), document)
      void queryClient.invalidateQueries({ queryKey: ['transcript', id] })
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: editorKey(id) })
    },
  })
}
