import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CreateApiKeyRequest, UpdateApiKeyRequest } from '../../lib/api-types'
import { createApiKey, deleteApiKey, listApiKeys, updateApiKey } from './api-keys-api'

const keysQueryKey = ['api-keys'] as const

export function useApiKeys() {
  return useQuery({ queryKey: keysQueryKey, queryFn: listApiKeys, select: (data) => data.api_keys })
}

function useRefreshKeys() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: keysQueryKey })
}

export function useCreateApiKey() {
  const refresh = useRefreshKeys()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) => createApiKey(body),
    onSuccess: () => {
      void refresh()
      // A first key completes an onboarding step, which the server sees from the key itself.
      void queryClient.invalidateQueries({ queryKey: ['onboarding'] })
    },
  })
}

export function useUpdateApiKey() {
  const refresh = useRefreshKeys()
  return useMutation({
    mutationFn: ({ keyId, body }: { keyId: string; body: UpdateApiKeyRequest }) => updateApiKey(keyId, body),
    onSettled: refresh,
  })
}

export function useDeleteApiKey() {
  const refresh = useRefreshKeys()
  return useMutation({ mutationFn: (keyId: string) => deleteApiKey(keyId), onSuccess: refresh })
}
