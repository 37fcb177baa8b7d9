import { describe, expect, it } from 'vitest'
import { lastPhraseEnd, takeReady } from './text-buffer.js'

describe('WebSocket text buffering', () => {
  it('finds the last phrase end followed by whitespace', () => {
    expect(lastPhraseEnd('Hello there. How')).toBe(12)
    expect(lastPhraseEnd('Hello, world and')).toBe(6)
    expect(lastPhraseEnd('No end yet')).toBe(-1)
    expect(lastPhraseEnd('Dr.Who')).toBe(-1)
    expect(lastPhraseEnd('She said "go." Then')).toBe(14)
  })

  it('eager mode speaks a complete phrase at once, however short', () => {
    expect(takeReady('Hi. And th', { threshold: 120, eager: true })).toBe('Hi.')
    expect(takeReady('Hi and th', { threshold: 120, eager: true })).toBe('')
  })

  it('the schedule waits for its threshold, then cuts at a phrase or a space', () => {
    expect(takeReady('Short. Text ', { threshold: 50, eager: false })).toBe('')
    const long = `${'word '.repeat(12)}end. more words`
    expect(takeReady(long, { threshold: 50, eager: false })).toBe(`${'word '.repeat(12)}end.`)
    const noPhrase = 'word '.repeat(15)
    expect(takeReady(noPhrase, { threshold: 50, eager: false })).toBe(noPhrase.trimEnd())
  })
})
