import { NOTIFICATION_KINDS } from '@timbre/contract'
import type { NotificationMessage } from './notifications-api'

type Translate = (key: string, options: Record<string, unknown>) => string

/**
 * A message in the reader's language: known kinds are worded by the web app with the message's
 * parameters; a kind this app does not know yet shows the server's English text.
 */
export function notificationText(
  message: Pick<NotificationMessage, 'kind' | 'title' | 'description' | 'params'>,
  t: Translate,
  formatNumber: (n: number) => string,
): { title: string; description: string } {
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(message.kind)) {
    return { title: message.title, description: message.description }
  }
  const params: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(message.params)) {
    params[key] = typeof value === 'number' ? formatNumber(value) : value
  }
  const used = message.params.used
  const limit = message.params.limit
  if (typeof used === 'number' && typeof limit === 'number' && limit > 0) {
    params.percent = Math.round((used / limit) * 100)
  }
  return {
    title: t(`notifications.kinds.${message.kind}.title`, { ...params, defaultValue: message.title }),
    description: t(`notifications.kinds.${message.kind}.body`, {
      ...params,
      defaultValue: message.description,
    }),
  }
}

/** The badge on the bell: nothing at 0, the count up to 9, then "9+". */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null
  return count > 9 ? '9+' : String(count)
}
