import { LOCALES } from '@timbre/contract'
import { describe, expect, it } from 'vitest'
import { shareLocale, shareMessages } from './share-page.messages.js'

describe('the share page locale', () => {
  it('takes the highest-weighted language the app speaks', () => {
    expect(shareLocale('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr-FR')
    expect(shareLocale('en;q=0.4, sv;q=0.9')).toBe('sv-SE')
    expect(shareLocale('pt-BR')).toBe('pt-PT')
    expect(shareLocale('JA-jp')).toBe('ja-JP')
    expect(shareLocale('hi-IN;q=0, pl')).toBe('pl-PL')
  })

  it('falls back to en-US for nothing, nonsense or only unknown languages', () => {
    expect(shareLocale(undefined)).toBe('en-US')
    expect(shareLocale('')).toBe('en-US')
    expect(shareLocale('*')).toBe('en-US')
    expect(shareLocale('zz, ;q=abc, ,')).toBe('en-US')
  })

  it('has every text in each of the nine locales', () => {
    for (const locale of LOCALES) {
      const m = shareMessages(locale)
      for (const value of [m.cannotPlay, m.download, m.cta, m.footer, m.notFoundTitle, m.notFoundBody, m.and])
        expect(value.trim(), locale).not.toBe('')
      expect(Object.keys(m.categories).sort()).toEqual(['cloned', 'generated', 'premade', 'professional'])
      expect(m.sharedBy('Ann')).toContain('Ann')
      expect(m.onTimbre('Ann')).toContain('Ann')
    }
  })
})
