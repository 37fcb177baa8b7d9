import { describe, expect, it } from 'vitest'
import { detectSpeakers } from './detect-speakers.js'
import { splitQuotes } from './quoted-speech.js'
import { speakerAfter, speakerBefore } from './speaker-patterns.js'
import { TEST_BOOK_CHARACTERS, testBookLines, testBookText } from './test-book.js'

describe('quoted speech', () => {
  it('cuts a paragraph into narration and quotes that join back to its text', () => {
    const text = '“Fine,” replied Marcus. “But I won’t pretend.” The word “home” stayed.'
    const pieces = splitQuotes(text)
    expect(pieces.map((p) => p.text).join('')).toBe(text)
    expect(pieces.filter((p) => p.quote).map((p) => p.text)).toEqual(['“Fine,”', '“But I won’t pretend.”'])
  })

  it('reads straight quotes, guillemets and an unclosed quote at the end', () => {
    expect(splitQuotes('"Go now," she said.').filter((p) => p.quote)).toHaveLength(1)
    expect(splitQuotes('«Bonjour, mon ami», dit Anna.').filter((p) => p.quote)).toHaveLength(1)
    expect(splitQuotes('He said: “Wait for me').at(-1)).toEqual({ text: '“Wait for me', quote: true })
  })

  it('names the speaker from the words around a quote', () => {
    expect(speakerAfter(', said Anna, holding the envelope.')).toBe('Anna')
    expect(speakerAfter(' Marcus asked. “Another?”')).toBe('Marcus')
    expect(speakerAfter(' asked Mr. Brown quietly.')).toBe('Mr Brown')
    expect(speakerAfter(' she said.')).toBeNull()
    expect(speakerBefore('Elena said: ')).toBe('Elena')
    expect(speakerBefore('Then Anna said quietly, ')).toBe('Anna')
  })
})

describe('casting a book with three characters and a narrator', () => {
  it('gives at least 90 % of the quoted lines to the right character', () => {
    const book = testBookText()
    const cast = detectSpeakers(book.map((chapter) => chapter.paragraphs))
    const guessed = cast.chapters.flat(2).filter((piece) => piece.quote)
    const truth = testBookLines()
    expect(guessed.map((p) => p.text)).toEqual(truth.map((t) => t.line))
    const right = guessed.filter((piece, i) => piece.speaker === truth[i]?.by).length
    const share = right / truth.length
    const wrong = guessed
      .map((piece, i) => ({ line: piece.text, guessed: piece.speaker, truth: truth[i]?.by }))
      .filter((row) => row.guessed !== row.truth)
    console.log(
      `casting: ${right} of ${truth.length} quoted lines to the right character (${(share * 100).toFixed(1)} %)`,
      wrong,
    )
    expect(share).toBeGreaterThanOrEqual(0.9)
    expect(cast.characters.map((c) => c.name).sort()).toEqual([...TEST_BOOK_CHARACTERS].sort())
  })
})
