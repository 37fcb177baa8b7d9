import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as api from './sso-api'

const providersKey = ['sso', 'providers'] as const
const domainsKey = ['sso', 'domains'] as const
const settingsKey = ['sso', 'settings'] as const

export function useIdentityProviders() {
  return useQuery({
    queryKey: providersKey,
    queryFn: api.listIdentityProviders,
    select: (data) => data.identity_providers,
  })
}

export function useDomains() {
  return useQuery({ queryKey: domainsKey, queryFn: api.listDomains, select: (data) => data.domains })
}

export function useSsoSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: api.getSsoSettings })
}

function useRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['sso'] })
}

export function useSaveProvider() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, form }: { id: string | null; form: api.ProviderForm }) => {
      if (!id) return api.createIdentityProvider(form)
      const { type: _type, ...rest } = form
      return api.updateIdentityProvider(id, rest)
    },
    onSuccess: refresh,
  })
}

export function useDeleteProvider() {
  const refresh = useRefresh()
  return useMutation({ mutationFn: api.deleteIdentityProvider, onSuccess: refresh })
}

export function useAddDomain() {
  const refresh = useRefresh()
  return useMutation({ mutationFn: api.addDomain, onSuccess: refresh })
}

export function useVerifyDomain() {
  const refresh = useRefresh()
  return useMutation({ mutationFn: api.verifyDomain, onSettled: refresh })
}

export function useDeleteDomain() {
  const refresh = useRefresh()
  return useMutation({ mutationFn: api.deleteDomain, onSuccess: refresh })
}

export function useUpdateSsoSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: api.updateSsoSettings,
    onSuccess: (data) => queryClient.setQueryData(settingsKey, data),
  })
}
