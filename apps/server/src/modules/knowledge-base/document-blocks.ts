import { escapeHtml } from '../../lib/html/escape-html.js'

// A document's text is kept as Markdown-like plain text: passages separated by blank lines, a
// heading written as a line starting with `#`. Every source (a page, a PDF, a Word file, typed
// text) is reduced to these blocks once, so chunking, the stored text and the HTML the public
// API shows all come from one form.

export interface Block {
  heading: boolean
  text: string
}

const HEADING = /^(#{1,6})\s+(.+)$/

/** Blocks of stored or typed text: blank lines separate passages; `# ` lines are headings. */
export function blocksOfText(text: string): Block[] {
  const blocks: Block[] = []
  const normalised = text.replace(/\r\n?/g, '\n')
  for (const part of normalised.split(/\n\s*\n+/)) {
    const lines = part.split('\n')
    let paragraph: string[] = []
    const flush = () => {
      const joined = paragraph.join(' ').replace(/\s+/g, ' ').trim()
      if (joined) blocks.push({ heading: false, text: joined })
      paragraph = []
    }
    for (const line of lines) {
      const heading = HEADING.exec(line.trim())
      if (heading?.[2]) {
        flush()
        blocks.push({ heading: true, text: heading[2].replace(/\s+/g, ' ').trim() })
      } else paragraph.push(line.trim())
    }
    flush()
  }
  return blocks
}

/** The stored text of blocks (the inverse of blocksOfText). */
export function textOfBlocks(blocks: Block[]): string {
  return blocks.map((b) => (b.heading ? `# ${b.text}` : b.text)).join('\n\n')
}

/** The blocks as simple HTML: headings and paragraphs, every character escaped. */
export function htmlOfBlocks(blocks: Block[]): string {
  return blocks
    .map((b) => (b.heading ? `<h2>${escapeHtml(b.text)}</h2>` : `<p>${escapeHtml(b.text)}</p>`))
    .join('\n')
}
