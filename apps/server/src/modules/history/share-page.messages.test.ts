import { LOCALES } from '@timbre/contract'
import { describe, expect, it } from 'vitest'
import { formalAddress, messageTexts } from '../../../test/helpers/german-address.js'
import { shareMessages } from './share-page.messages.js'

describe('the share page texts', () => {
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

  it('addresses German visitors as du', () => {
    expect(formalAddress(messageTexts(shareMessages('de-DE')))).toEqual([])
  })
})
