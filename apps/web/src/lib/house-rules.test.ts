import { describe, expect, it } from 'vitest'
import { confirmBlocker, exactPattern, tick } from '../components/confirm-state'
import { MAX_TOASTS, TOAST_DURATION_MS, withToast } from '../components/toaster'
import { formatCount } from './format-count'
import { formatSize } from './format-size'
import { ignoreWheelOnNumberInputs, wheelWouldChangeNumber } from './number-wheel'
import { formatRelativeTime } from './relative-time'
import { storageKeys, wipeOnSignOut } from './storage'

describe('toasts', () => {
  it('close after 5555 ms and at most three show at once, the oldest leaving first', () => {
    expect(TOAST_DURATION_MS).toBe(5555)
    expect(MAX_TOASTS).toBe(3)
    let list: number[] = []
    for (const n of [1, 2, 3, 4, 5]) list = withToast(list, n)
    expect(list).toEqual([3, 4, 5])
  })
})

describe('numbers and sizes', () => {
  it('counts show K above a thousand and M above a million', () => {
    expect(formatCount(999)).toBe('999')
    expect(formatCount(1_500)).toBe('1.5K')
    expect(formatCount(2_500_000)).toBe('2.5M')
  })

  it('sizes use base 1000', () => {
    expect(formatSize(999)).toBe('999 B')
    expect(formatSize(1_000)).toBe('1 kB')
    expect(formatSize(1_024)).toBe('1 kB')
    expect(formatSize(1_500_000)).toBe('1.5 MB')
    expect(formatSize(999_999)).toBe('1 MB')
    expect(formatSize(3_200_000_000)).toBe('3.2 GB')
    expect(formatSize(1_500, 'de-DE')).toBe('1,5 kB')
    expect(formatSize(-1)).toBe('0 B')
  })

  it('relative times read naturally', () => {
    const now = Date.UTC(2026, 0, 2)
    expect(formatRelativeTime(now - 5 * 60_000, now, 'en-US')).toBe('5 minutes ago')
    expect(formatRelativeTime(now - 24 * 3600_000, now, 'en-US')).toBe('yesterday')
    expect(formatRelativeTime(now, now, 'en-US')).toBe('now')
  })
})

describe('local storage', () => {
  it('sign-out wipes xi: keys but keeps the locale and theme and foreign keys', () => {
    const data = new Map<string, string>([
      ['xi:tts_dialogue', '[]'],
      ['xi:redirect_target', '/app/home'],
      [storageKeys.locale, 'de-DE'],
      [storageKeys.theme, 'dark'],
      ['other', 'kept'],
    ])
    const store = {
      get length() {
        return data.size
      },
      key: (i: number) => [...data.keys()][i] ?? null,
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    }
    expect(wipeOnSignOut(store).sort()).toEqual(['xi:redirect_target', 'xi:tts_dialogue'])
    expect([...data.keys()].sort()).toEqual(['other', storageKeys.locale, storageKeys.theme].sort())
  })
})

describe('number inputs ignore the wheel', () => {
  it('a wheel over a focused number field makes it let go instead of changing', () => {
    let blurred = 0
    const field = { tagName: 'INPUT', type: 'number', blur: () => void blurred++ }
    expect(wheelWouldChangeNumber(field, field)).toBe(true)
    expect(wheelWouldChangeNumber(field, null)).toBe(false)
    expect(wheelWouldChangeNumber({ tagName: 'INPUT', type: 'text' }, null)).toBe(false)

    let listener: ((event: { target: unknown }) => void) | undefined
    const doc = {
      activeElement: field,
      addEventListener: (_: string, fn: typeof listener) => {
        listener = fn
      },
      removeEventListener: () => {
        listener = undefined
      },
    }
    const uninstall = ignoreWheelOnNumberInputs(doc as unknown as Document)
    listener?.({ target: field })
    expect(blurred).toBe(1)
    listener?.({ target: { tagName: 'INPUT', type: 'range', blur: () => void blurred++ } })
    expect(blurred).toBe(1)
    uninstall()
    expect(listener).toBeUndefined()
  })
})

describe('confirm dialog', () => {
  it('waits for the countdown, then for a valid input', () => {
    expect(confirmBlocker({ secondsLeft: 3, hasInput: true, inputValid: true })).toBe('waiting')
    expect(confirmBlocker({ secondsLeft: 0, hasInput: true, inputValid: false })).toBe('input')
    expect(confirmBlocker({ secondsLeft: 0, hasInput: true, inputValid: true })).toBeNull()
    expect(confirmBlocker({ secondsLeft: 0, hasInput: false, inputValid: false })).toBeNull()
    expect([3, 2, 1, 0].map(tick)).toEqual([2, 1, 0, 0])
  })

  it('the input pattern accepts exactly the expected text', () => {
    const pattern = new RegExp(`^(?:${exactPattern('my.voice (2)')})$`, 'v')
    expect(pattern.test('my.voice (2)')).toBe(true)
    expect(pattern.test('myXvoice (2)')).toBe(false)
    expect(pattern.test('my.voice (2) ')).toBe(false)
  })
})
