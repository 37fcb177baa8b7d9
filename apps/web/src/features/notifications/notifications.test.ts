import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import enUS from '../../i18n/locales/en-US.json'
import { renderHtml, textOf } from '../../test/render'
import { NotificationList } from './notification-list'
import { notificationText, unreadBadge } from './notification-text'
import type { NotificationMessage } from './notifications-api'

const NOW = Date.UTC(2026, 10, 22, 12)

function message(partial: Partial<NotificationMessage>): NotificationMessage {
  return {
    message_id: 'm1',
    kind: 'welcome',
    severity: 'info',
    title: 'Welcome to Timbre',
    description: 'Server text',
    params: { credits: 10_000 },
    needs_attention: false,
    create_date_unix_ms: NOW - 5 * 60_000,
    has_been_read: false,
    ...partial,
  }
}

const t = (key: string, options: Record<string, unknown>) => {
  const path = key.split('.')
  let node: unknown = enUS
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part]
  const template = typeof node === 'string' ? node : String(options.defaultValue)
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]))
}

describe('notification text', () => {
  it('words known kinds in the reader language with formatted numbers', () => {
    const text = notificationText(message({}), t, (n) => `${n / 1000}K`)
    expect(text.description).toContain('10K credits a month')
    const low = notificationText(
      message({ kind: 'credits_low', params: { used: 8_500, limit: 10_000, tier: 'free' } }),
      t,
      String,
    )
    expect(low).toEqual({
      title: 'Your credits are running low',
      description: "You have used 85% of this period's credits.",
    })
  })

  it("shows the server's text for a kind this app does not know", () => {
    expect(notificationText(message({ kind: 'new_kind', title: 'T', description: 'D' }), t, String)).toEqual({
      title: 'T',
      description: 'D',
    })
  })

  it('badges the bell with the unread count, capped at 9+', () => {
    expect(unreadBadge(0)).toBeNull()
    expect(unreadBadge(3)).toBe('3')
    expect(unreadBadge(12)).toBe('9+')
  })
})

describe('notification list', () => {
  it('marks unread messages for the eye and for screen readers, with a mark-read button', () => {
    const html = renderHtml(
      createElement(NotificationList, {
        messages: [
          message({ message_id: 'a' }),
          message({ message_id: 'b', kind: 'credits_exhausted', severity: 'error', has_been_read: true }),
        ],
        now: NOW,
        onRead: () => {},
      }),
    )
    expect(html.match(/data-unread="true"/g)).toHaveLength(1)
    expect(html.match(/data-unread="false"/g)).toHaveLength(1)
    const text = textOf(html)
    expect(text).toContain('Unread: Welcome to Timbre')
    expect(text).toContain('You have used all your credits')
    expect(text).toContain('5 minutes ago')
    expect(html.match(/Mark as read/g)).toHaveLength(1)
  })
})
