import { describe, expect, it } from 'vitest'
import { requestLocale } from './request-locale.js'

describe('the locale of a public page', () => {
  it('takes the highest-weighted language the app speaks', () => {
    expect(requestLocale('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr-FR')
    expect(requestLocale('en;q=0.4, sv;q=0.9')).toBe('sv-SE')
    expect(requestLocale('pt-BR')).toBe('pt-PT')
    expect(requestLocale('JA-jp')).toBe('ja-JP')
    expect(requestLocale('hi-IN;q=0, pl')).toBe('pl-PL')
  })

  it('falls back to en-US for nothing, nonsense or only unknown languages', () => {
    expect(requestLocale(undefined)).toBe('en-US')
    expect(requestLocale('')).toBe('en-US')
    expect(requestLocale('*')).toBe('en-US')
    expect(requestLocale('zz, ;q=abc, ,')).toBe('en-US')
  })
})
