import { describe, expect, it, vi } from 'vitest'
import { accountLocale, initialLocale, matchLocale } from './locales'

describe('matchLocale', () => {
  it('matches exact tags in any case and with underscores', () => {
    expect(matchLocale('ja-JP')).toBe('ja-JP')
    expect(matchLocale('pt_pt')).toBe('pt-PT')
  })
  it('matches by language', () => {
    expect(matchLocale('en')).toBe('en-US')
    expect(matchLocale('en-GB')).toBe('en-US')
    expect(matchLocale('pt-BR')).toBe('pt-PT')
    expect(matchLocale('sv')).toBe('sv-SE')
  })
  it('returns null for unknown languages', () => {
    expect(matchLocale('ko-KR')).toBeNull()
    expect(matchLocale('')).toBeNull()
    expect(matchLocale(null)).toBeNull()
  })
})

describe('initialLocale', () => {
  it('prefers a supported stored locale', () => {
    expect(initialLocale('de-DE', ['ja-JP'])).toBe('de-DE')
  })
  it('logs and skips an unsupported stored locale', () => {
    const log = vi.fn()
    expect(initialLocale('xx-XX', ['fr-CA'], log)).toBe('fr-FR')
    expect(log).toHaveBeenCalledOnce()
  })
  it('falls back to en-US', () => {
    expect(initialLocale(null, ['ko-KR'])).toBe('en-US')
  })
})

describe('accountLocale', () => {
  it('applies supported locales only and logs the rest', () => {
    const log = vi.fn()
    expect(accountLocale('hi-IN', log)).toBe('hi-IN')
    expect(accountLocale('tlh-KL', log)).toBeNull()
    expect(log).toHaveBeenCalledWith('Unsupported user locale "tlh-KL" is not applied')
    expect(accountLocale(null, log)).toBeNull()
  })
})
