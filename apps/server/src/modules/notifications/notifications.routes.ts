import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  messageIdParams,
  notificationMessage,
  notificationsList,
  notificationsQuery,
} from './notifications.schemas.js'
import type { NotificationsService } from './notifications.service.js'

const tags = ['notifications']
const config = { scope: 'user' as const }

export function notificationsRoutes(notifications: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/notifications',
      {
        config,
        schema: {
          tags,
          summary: 'Your notifications, newest first, with the number still unread',
          querystring: notificationsQuery,
          response: { 200: notificationsList },
        },
      },
      async (request) => notifications.list(requirePrincipal(request), request.query),
    )

    app.post(
      '/v1/notifications/:message_id/read',
      {
        config,
        schema: {
          tags,
          summary: 'Mark a notification as read',
          params: messageIdParams,
          response: { 200: notificationMessage },
        },
      },
      async (request) => notifications.markRead(requirePrincipal(request), request.params.message_id),
    )

    app.post(
      '/v1/notifications/read-all',
      {
        config,
        schema: {
          tags,
          summary: 'Mark every notification as read',
          response: { 200: z.object({ marked: z.number() }) },
        },
      },
      async (request) => notifications.markAllRead(requirePrincipal(request)),
    )
  }
}
