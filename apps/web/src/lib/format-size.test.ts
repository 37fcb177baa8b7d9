import { describe, expect, it } from 'vitest'
import { formatSize } from './format-size'

describe('formatSize', () => {
  it('counts in base 1000', () => {
    expect(formatSize(999)).toBe('999 B')
    expect(formatSize(1000)).toBe('1 kB')
    expect(formatSize(1024)).toBe('1 kB')
    expect(formatSize(1_234_567)).toBe('1.2 MB')
    expect(formatSize(5_000_000_000)).toBe('5 GB')
  })

  it('follows the locale for the decimal separator and never shows a negative size', () => {
    expect(formatSize(1_500_000, 'de-DE')).toBe('1,5 MB')
    expect(formatSize(-5)).toBe('0 B')
  })
})
