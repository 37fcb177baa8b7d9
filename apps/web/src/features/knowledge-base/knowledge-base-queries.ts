import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { computeIndex, deleteDocument, documentText, getDocument, listFolder } from './knowledge-base-api'

const KEY = 'knowledge-base'

export function useFolder(folderId: string | null) {
  return useQuery({
    queryKey: [KEY, 'folder', folderId],
    queryFn: () => listFolder(folderId),
    // Indexes are built as jobs: while one is under way the list is read again.
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.index_state === 'in_progress') ? 1500 : false,
  })
}

export function useDocument(id: string | null) {
  return useQuery({
    queryKey: [KEY, 'document', id],
    queryFn: async () => {
      const document = await getDocument(id ?? '')
      return { document, text: document.type === 'folder' ? '' : await documentText(id ?? '') }
    },
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.document.index_state === 'in_progress' ? 1500 : false),
  })
}

/** Refreshes every knowledge base view after a change. */
export function useRefreshKnowledgeBase() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: [KEY] })
}

export function useDeleteDocument() {
  const refresh = useRefreshKnowledgeBase()
  return useMutation({ mutationFn: deleteDocument, onSettled: refresh })
}

export function useComputeIndex() {
  const refresh = useRefreshKnowledgeBase()
  return useMutation({ mutationFn: computeIndex, onSettled: refresh })
}
