import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime } from './format-date'

// 2026-11-28 17:50:00 UTC
const MOMENT = Date.UTC(2026, 10, 28, 17, 50) / 1000

describe('formatDate', () => {
  it('writes a date in the reader’s language', () => {
    expect(formatDate(MOMENT, 'en-US', 'UTC')).toBe('Nov 28, 2026')
    expect(formatDate(MOMENT, 'de-DE', 'UTC')).toBe('28.11.2026')
    expect(formatDate(MOMENT, 'ja-JP', 'UTC')).toBe('2026/11/28')
  })

  it('adds the time of day when asked', () => {
    const text = formatDateTime(MOMENT, 'en-US')
    expect(text).toContain('2026')
    expect(text).toMatch(/\d{1,2}:\d{2}/)
    expect(formatDateTime(MOMENT, 'en-US')).not.toBe(formatDate(MOMENT, 'en-US'))
  })
})

describe('one date format across the app', () => {
  it('no page formats a date by itself', async () => {
    const { readdirSync, readFileSync } = await import('node:fs')
    const { join } = await import('node:path')
    const root = join(import.meta.dirname, '..', 'features')
    const offenders: string[] = []
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) walk(path)
        else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
          const source = readFileSync(path, 'utf8')
          if (/toLocaleDateString|toLocaleString\([^)]*\)\s*[,}]?.*Date|dateStyle/.test(source))
            offenders.push(path)
        }
      }
    }
    walk(root)
    expect(offenders).toEqual([])
  })
})
