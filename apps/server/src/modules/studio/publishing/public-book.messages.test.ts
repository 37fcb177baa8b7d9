import { LOCALES } from '@timbre/contract'
import { describe, expect, it } from 'vitest'
import { formalAddress, messageTexts } from '../../../../test/helpers/german-address.js'
import { bookMessages } from './public-book.messages.js'

describe('the public audiobook page texts', () => {
  it('has every text in each of the nine locales', () => {
    for (const locale of LOCALES)
      for (const [key, text] of messageTexts(bookMessages(locale)))
        expect(text.trim(), `${locale} ${key}`).not.toBe('')
  })

  it('addresses German visitors as du', () => {
    expect(formalAddress(messageTexts(bookMessages('de-DE')))).toEqual([])
  })
})
