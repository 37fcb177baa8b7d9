import { chaptersFromBlocks } from './html-blocks.js'
import type { ImportedBlock, ImportedChapter } from './imported-document.js'

// Plain text: paragraphs are separated by blank lines (or, in text without blank lines, by
// line breaks); a short line such as "Chapter 3" or "Part Two" starts a new chapter.

const CHAPTER_LINE =
  /^(chapter|part|book|prologue|epilogue|kapitel|chapitre|cap[ií]tulo|rozdzia[lł])(?=[\s.:]|$).{0,60}$/iu

export function textChapters(text: string, fallbackName: (index: number) => string): ImportedChapter[] {
  const normalised = text.replace(/\r\n?/g, '\n')
  const separator = /\n\s*\n/.test(normalised) ? /\n\s*\n+/ : /\n+/
  const blocks: ImportedBlock[] = normalised
    .split(separator)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter((paragraph) => paragraph.length > 0)
    .map((paragraph) => ({ kind: CHAPTER_LINE.test(paragraph) ? 'h1' : 'p', text: paragraph }))
  return chaptersFromBlocks(blocks, fallbackName)
}
