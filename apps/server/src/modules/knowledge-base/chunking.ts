import { KB_CHUNK_MAX_CHARS, KB_CHUNK_TARGET_CHARS } from '@timbre/contract'
import type { Block } from './document-blocks.js'

// A document is cut into passages an agent can quote: each chunk stays under one heading (a
// heading starts a new chunk, so a question and its answer are kept together and apart from the
// next), gathers whole paragraphs up to about KB_CHUNK_TARGET_CHARS, and a paragraph too long
// for one chunk is cut between sentences, never inside a word.

export interface Chunk {
  /** The heading the passage sits under (or the document's name before any heading). */
  name: string
  text: string
}

/** Pieces of one paragraph, each at most `max` characters, cut between sentences where it can. */
export function splitLong(text: string, max = KB_CHUNK_MAX_CHARS): string[] {
  if (text.length <= max) return [text]
  const sentences = text.match(/[^.!?]+(?:[.!?]+["')\]]*\s*|$)/g) ?? [text]
  const pieces: string[] = []
  let current = ''
  for (const sentence of sentences) {
    if (current && current.length + sentence.length > max) {
      pieces.push(current.trim())
      current = ''
    }
    if (sentence.length > max) {
      // A sentence longer than a chunk: cut between words.
      for (const word of sentence.split(/\s+/)) {
        if (current && current.length + word.length + 1 > max) {
          pieces.push(current.trim())
          current = ''
        }
        current += `${word} `
      }
    } else current += sentence
  }
  if (current.trim()) pieces.push(current.trim())
  return pieces
}

export function chunkBlocks(blocks: Block[], documentName: string): Chunk[] {
  const chunks: Chunk[] = []
  let name = documentName
  let heading: string | null = null
  let parts: string[] = []
  let size = 0
  // A heading not yet written in any chunk (a heading followed by another is kept on its own).
  let headingPending = false
  const flush = () => {
    if (parts.length > 0) {
      const body = parts.join('\n\n')
      chunks.push({ name, text: heading ? `${heading}\n\n${body}` : body })
    } else if (heading && headingPending) chunks.push({ name, text: heading })
    headingPending = false
    parts = []
    size = 0
  }
  for (const block of blocks) {
    if (block.heading) {
      flush()
      heading = block.text
      headingPending = true
      name = block.text.slice(0, 200)
      continue
    }
    for (const piece of splitLong(block.text)) {
      if (size > 0 && size + piece.length > KB_CHUNK_TARGET_CHARS) {
        flush()
        // The heading is repeated in each of its chunks: a later passage keeps its context.
      }
      parts.push(piece)
      size += piece.length
    }
  }
  flush()
  return chunks
}
