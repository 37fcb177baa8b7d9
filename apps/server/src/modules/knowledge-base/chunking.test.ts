import { KB_CHUNK_MAX_CHARS, KB_CHUNK_TARGET_CHARS } from '@timbre/contract'
import { describe, expect, it } from 'vitest'
import { chunkBlocks, splitLong } from './chunking.js'
import { blocksOfText, htmlOfBlocks, textOfBlocks } from './document-blocks.js'

describe('chunking', () => {
  it('keeps short sections together and starts a new chunk when a section would not fit', () => {
    const long = 'Every lamp is tested for eight hours before it leaves the factory. '.repeat(8).trim()
    const text = `# Short one\n\nA brief answer.\n\n# Second\n\nAnother brief answer.\n\n# Long\n\n${long}\n\n${long}`
    const chunks = chunkBlocks(blocksOfText(text), 'Doc')
    expect(chunks[0]).toEqual({
      name: 'Short one',
      text: 'Short one\n\nA brief answer.\n\nSecond\n\nAnother brief answer.',
    })
    // The long section is spread over chunks that each repeat its heading.
    expect(chunks.slice(1).map((c) => c.name)).toEqual(['Long', 'Long'])
    for (const chunk of chunks.slice(1)) expect(chunk.text.startsWith('Long\n\n')).toBe(true)
    for (const chunk of chunks)
      expect(chunk.text.length).toBeLessThanOrEqual(KB_CHUNK_TARGET_CHARS + KB_CHUNK_MAX_CHARS)
  })

  it('cuts a paragraph longer than a chunk between sentences, and a sentence without stops between words', () => {
    const sentence = 'The quick brown fox jumps over the lazy dog again. '
    const pieces = splitLong(sentence.repeat(60).trim())
    expect(pieces.length).toBeGreaterThan(1)
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(KB_CHUNK_MAX_CHARS)
      expect(piece.endsWith('again.')).toBe(true)
    }
    const words = splitLong('word '.repeat(600).trim())
    for (const piece of words) expect(piece.split(' ').every((w) => w === 'word')).toBe(true)
  })

  it('stores text with # headings and shows it as escaped HTML', () => {
    const blocks = blocksOfText('# Price <b>\r\n\r\nLine one\nline two\n\n\n## Next\nBody')
    expect(blocks).toEqual([
      { heading: true, text: 'Price <b>' },
      { heading: false, text: 'Line one line two' },
      { heading: true, text: 'Next' },
      { heading: false, text: 'Body' },
    ])
    expect(textOfBlocks(blocks)).toBe('# Price <b>\n\nLine one line two\n\n# Next\n\nBody')
    expect(htmlOfBlocks(blocks)).toContain('<h2>Price &#60;b&#62;</h2>')
  })
})
