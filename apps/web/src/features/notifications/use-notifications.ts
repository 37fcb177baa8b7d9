import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications-api'

export const notificationsKey = ['notifications'] as const
// New messages (a credit warning, a finished checklist) show up without a reload.
const REFRESH_MS = 60_000

export function useNotifications() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: () => listNotifications(50),
    refetchInterval: REFRESH_MS,
    staleTime: 10_000,
  })
}

export function useMarkRead() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationsKey })
  return {
    one: useMutation({ mutationFn: (id: string) => markNotificationRead(id), onSettled: refresh }),
    all: useMutation({ mutationFn: markAllNotificationsRead, onSettled: refresh }),
  }
}
