import { KB_CHUNK_MAX_CHARS, KB_CHUNK_MIN_CHARS, KB_CHUNK_TARGET_CHARS } from '@timbre/contract'
import type { Block } from './document-blocks.js'

// A document is cut into passages an agent can quote: a chunk gathers whole sections (a heading
// with its paragraphs, so a question and its answer stay together) up to about
// KB_CHUNK_TARGET_CHARS; a section starts a new chunk once the current one holds
// KB_CHUNK_MIN_CHARS or the section would not fit; a long section is spread over chunks that
// each repeat its heading, and a paragraph too long for one chunk is cut between sentences,
// never inside a word.

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

interface Section {
  heading: string | null
  pieces: string[]
}

function sectionsOf(blocks: Block[]): Section[] {
  const sections: Section[] = []
  let current: Section = { heading: null, pieces: [] }
  for (const block of blocks) {
    if (block.heading) {
      if (current.heading !== null || current.pieces.length > 0) sections.push(current)
      current = { heading: block.text, pieces: [] }
    } else current.pieces.push(...splitLong(block.text))
  }
  if (current.heading !== null || current.pieces.length > 0) sections.push(current)
  return sections
}

const sizeOf = (section: Section) =>
  (section.heading?.length ?? 0) + section.pieces.reduce((sum, p) => sum + p.length, 0)

export function chunkBlocks(blocks: Block[], documentName: string): Chunk[] {
  const chunks: Chunk[] = []
  let lines: string[] = []
  let name: string | null = null
  let size = 0
  const flush = () => {
    if (lines.length > 0)
      chunks.push({ name: (name ?? documentName).slice(0, 200), text: lines.join('\n\n') })
    lines = []
    name = null
    size = 0
  }
  for (const section of sectionsOf(blocks)) {
    // Short sections share a chunk (a passage of one line is too little to find or to quote);
    // a section that does not fit starts a new one.
    if (size >= KB_CHUNK_MIN_CHARS || (size > 0 && size + sizeOf(section) > KB_CHUNK_TARGET_CHARS)) flush()
    if (section.heading !== null) {
      name ??= section.heading
      lines.push(section.heading)
      size += section.heading.length
    }
    for (const piece of section.pieces) {
      if (size > 0 && size + piece.length > KB_CHUNK_TARGET_CHARS) {
        flush()
        // The heading is repeated in each of its chunks: a later passage keeps its context.
        if (section.heading !== null) {
          name = section.heading
          lines.push(section.heading)
          size += section.heading.length
        }
      }
      lines.push(piece)
      size += piece.length
    }
  }
  flush()
  return chunks
}
