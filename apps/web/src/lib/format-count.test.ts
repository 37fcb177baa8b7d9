import { describe, expect, it } from 'vitest'
import { creditsLeft, formatCount } from './format-count'

describe('formatCount', () => {
  it('keeps counts up to 1,000 as plain numbers', () => {
    expect(formatCount(0)).toBe('0')
    expect(formatCount(999)).toBe('999')
    expect(formatCount(1000)).toBe('1,000')
  })

  it('shows K above 1e3', () => {
    expect(formatCount(1001)).toBe('1K')
    expect(formatCount(1500)).toBe('1.5K')
    expect(formatCount(10_000)).toBe('10K')
    expect(formatCount(12_345)).toBe('12.3K')
    expect(formatCount(999_000)).toBe('999K')
  })

  it('shows M above 1e6 and carries a rounded 1000K up to 1M', () => {
    expect(formatCount(999_960)).toBe('1M')
    expect(formatCount(1_000_000)).toBe('1M')
    expect(formatCount(2_000_001)).toBe('2M')
    expect(formatCount(11_000_000)).toBe('11M')
    expect(formatCount(66_600_000)).toBe('66.6M')
  })

  it('follows the locale decimal separator', () => {
    expect(formatCount(12_345, 'de-DE')).toBe('12,3K')
    expect(formatCount(1_500_000, 'fr-FR')).toBe('1,5M')
    expect(formatCount(12_345, 'ja-JP')).toBe('12.3K')
  })

  it('handles negative and non-finite input', () => {
    expect(formatCount(-1500)).toBe('-1.5K')
    expect(formatCount(Number.NaN)).toBe('0')
  })
})

describe('creditsLeft', () => {
  it('is limit minus count, never negative', () => {
    expect(creditsLeft({ character_limit: 10_000, character_count: 2_500 })).toBe(7_500)
    expect(creditsLeft({ character_limit: 10_000, character_count: 12_000 })).toBe(0)
  })
})
