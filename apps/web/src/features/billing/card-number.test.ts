import { describe, expect, it } from 'vitest'
import { brandName, cardNumberReady, formatCardNumber, isDecliningTestCard } from './card-number'

describe('formatCardNumber', () => {
  it('groups digits by four as they are typed and drops anything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('4000-0000 00a00 0002')).toBe('4000 0000 0000 0002')
    expect(formatCardNumber('42424')).toBe('4242 4')
    expect(formatCardNumber('4242')).toBe('4242')
    expect(formatCardNumber('')).toBe('')
  })
  it('stops at 19 digits, the longest card number', () => {
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19)
  })
})

describe('cardNumberReady', () => {
  it('needs between 12 and 19 digits', () => {
    expect(cardNumberReady('4242 4242 424')).toBe(false)
    expect(cardNumberReady('4242 4242 4242')).toBe(true)
    expect(cardNumberReady('4242 4242 4242 4242')).toBe(true)
    expect(cardNumberReady('1'.repeat(20))).toBe(false)
    expect(cardNumberReady('')).toBe(false)
  })
})

describe('isDecliningTestCard', () => {
  it('recognises the declining test card only', () => {
    expect(isDecliningTestCard('0002', '4000 0000 0000 0002')).toBe(true)
    expect(isDecliningTestCard('4242', '4242 4242 4242 4242')).toBe(false)
    expect(isDecliningTestCard('0002', '')).toBe(false)
  })
})

describe('brandName', () => {
  it('names the brands the provider reports and nothing else', () => {
    expect(brandName('visa')).toBe('Visa')
    expect(brandName('amex')).toBe('American Express')
    expect(brandName('card')).toBeNull()
  })
})
