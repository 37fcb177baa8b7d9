import { client, settle } from '../../lib/api'
import type { ResponseJson } from '../../lib/api-types'

export type NotificationsList = ResponseJson<'/v1/notifications', 'get', 200>
export type NotificationMessage = NotificationsList['notifications'][number]

export const listNotifications = (pageSize = 30): Promise<NotificationsList> =>
  settle(client.GET('/v1/notifications', { params: { query: { page_size: pageSize } } }))
export const markNotificationRead = (messageId: string): Promise<NotificationMessage> =>
  settle(client.POST('/v1/notifications/{message_id}/read', { params: { path: { message_id: messageId } } }))
export const markAllNotificationsRead = (): Promise<{ marked: number }> =>
  settle(client.POST('/v1/notifications/read-all'))
