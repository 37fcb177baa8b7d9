import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as api from './workspace-api'

export const workspaceKeys = {
  access: ['workspace', 'access'] as const,
  mine: ['workspace', 'mine'] as const,
  members: ['workspace', 'members'] as const,
  invites: ['workspace', 'invites'] as const,
  groups: ['workspace', 'groups'] as const,
  serviceAccounts: ['workspace', 'service-accounts'] as const,
  apiKeys: ['workspace', 'api-keys'] as const,
  webhooks: ['workspace', 'webhooks'] as const,
  connections: ['workspace', 'auth-connections'] as const,
  secrets: ['workspace', 'secrets'] as const,
  deliveries: (id: string) => ['workspace', 'webhooks', id, 'deliveries'] as const,
}

/** The caller's role and product permissions in the current workspace. */
export function useWorkspaceAccess() {
  return useQuery({ queryKey: workspaceKeys.access, queryFn: api.getAccess, staleTime: 30_000 })
}

export function useMyWorkspaces() {
  return useQuery({
    queryKey: workspaceKeys.mine,
    queryFn: api.listMyWorkspaces,
    select: (d) => d.workspaces,
  })
}

export const useMembers = () => useQuery({ queryKey: workspaceKeys.members, queryFn: api.listMembers })
export const useInvites = () =>
  useQuery({ queryKey: workspaceKeys.invites, queryFn: api.listInvites, select: (d) => d.invites })
export const useGroups = () =>
  useQuery({ queryKey: workspaceKeys.groups, queryFn: api.listGroups, select: (d) => Object.values(d) })
export const useServiceAccounts = () =>
  useQuery({
    queryKey: workspaceKeys.serviceAccounts,
    queryFn: api.listServiceAccounts,
    select: (d) => d['service-accounts'],
  })
export const useWorkspaceKeys = () =>
  useQuery({ queryKey: workspaceKeys.apiKeys, queryFn: api.listWorkspaceKeys, select: (d) => d.api_keys })
export const useWebhooks = () =>
  useQuery({ queryKey: workspaceKeys.webhooks, queryFn: api.listWebhooks, select: (d) => d.webhooks })
export const useConnections = () =>
  useQuery({
    queryKey: workspaceKeys.connections,
    queryFn: api.listConnections,
    select: (d) => d.auth_connections,
  })
export const useSecrets = () =>
  useQuery({ queryKey: workspaceKeys.secrets, queryFn: api.listSecrets, select: (d) => d.secrets })
export const useDeliveries = (id: string) =>
  useQuery({
    queryKey: workspaceKeys.deliveries(id),
    queryFn: () => api.listDeliveries(id),
    select: (d) => d.deliveries,
    // Deliveries run as jobs: the log fills in while it is open.
    refetchInterval: 2000,
  })

/** A mutation that refreshes the given lists when it settles. */
export function useWorkspaceMutation<A, R>(
  fn: (args: A) => Promise<R>,
  refresh: readonly (readonly string[])[],
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      for (const key of refresh) void queryClient.invalidateQueries({ queryKey: key })
    },
  })
}
