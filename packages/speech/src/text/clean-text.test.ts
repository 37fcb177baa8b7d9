import { describe, expect, it } from 'vitest'
import { cleanText } from './clean-text.js'

describe('cleanText', () => {
  it('removes control and format characters and keeps the mapping of the rest', () => {
    const cleaned = cleanText('a\u0000b\u200Bc\u00ADd\uFEFF')
    expect(cleaned.text).toBe('abcd')
    expect(cleaned.starts).toEqual([0, 2, 4, 6])
    expect(cleaned.ends).toEqual([1, 3, 5, 7])
  })

  it('turns line breaks into \\n (\\r\\n as one) and other white space controls into spaces', () => {
    const cleaned = cleanText('a\r\nb\rc\u2028d\te\ff')
    expect(cleaned.text).toBe('a\nb\nc\nd e f')
    expect([cleaned.starts[1], cleaned.ends[1]]).toEqual([1, 3])
  })

  it('replaces emoji (with modifiers, joiners, flags, keycaps) and private-use characters by spaces', () => {
    const emoji = cleanText('a😀b')
    expect(emoji.text).toBe('a b')
    expect([emoji.starts[1], emoji.ends[1]]).toEqual([1, 3])
    expect(cleanText('a👍🏽b').text).toBe('a  b')
    expect(cleanText('x🇩🇪y').text.replace(/ /g, '')).toBe('xy')
    expect(cleanText('1️⃣').text.replace(/ /g, '')).toBe('1')
    expect(cleanText('a\uE000b').text).toBe('a b')
    expect(cleanText('a\ud800b').text).toBe('a b')
  })

  it('keeps © ® ™, letters of every script and combining marks', () => {
    expect(cleanText('© ® ™ é ñ ß 日本 नमस्ते Привет').text).toBe('© ® ™ é ñ ß 日本 नमस्ते Привет')
  })
})
