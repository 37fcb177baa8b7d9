import { describe, expect, it } from 'vitest'
import { formalAddress, messageTexts } from '../../../../test/helpers/german-address.js'
import { emailTexts } from './email-texts.js'

describe('the account email texts', () => {
  it('address German recipients as du', () => {
    expect(formalAddress(messageTexts(emailTexts('de-DE')))).toEqual([])
  })
})
