import type { AnyNode, Element } from 'domhandler'
import { parseDocument } from 'htmlparser2'
import type { BlockKind, ImportedBlock, ImportedChapter } from './imported-document.js'

// HTML (and the XHTML inside EPUB files) becomes headings and paragraphs: every element that
// holds running text is one block; scripts, styles, navigation and page furniture are not
// read aloud. Entities are decoded by the parser; no DTD is ever fetched or expanded.

const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'nav',
  'header',
  'footer',
  'aside',
  'form',
  'button',
  'select',
  'textarea',
  'iframe',
  'object',
  'head',
  'title',
])
const HEADINGS = new Map<string, BlockKind>([
  ['h1', 'h1'],
  ['h2', 'h2'],
  ['h3', 'h3'],
  ['h4', 'h3'],
  ['h5', 'h3'],
  ['h6', 'h3'],
])
const TEXT_BLOCKS = new Set(['p', 'li', 'blockquote', 'pre', 'dd', 'dt', 'figcaption', 'td', 'th', 'caption'])
const BREAKS = new Set(['br', 'hr'])
// Inline elements continue the text around them; any other element ends a loose paragraph.
const INLINE = new Set([
  'span',
  'a',
  'em',
  'strong',
  'b',
  'i',
  'u',
  's',
  'small',
  'sup',
  'sub',
  'abbr',
  'cite',
  'q',
  'code',
  'mark',
  'time',
  'var',
  'kbd',
  'bdi',
  'bdo',
  'wbr',
  'font',
])

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The tag name of an element (scripts and styles are elements of their own node types). */
function nameOf(node: AnyNode): string {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style'
    ? (node as Element).name.toLowerCase()
    : ''
}

function textOf(node: AnyNode): string {
  if (node.type === 'text') return (node as unknown as { data: string }).data
  if (!('children' in node)) return ''
  const name = nameOf(node)
  if (SKIPPED.has(name)) return ''
  if (BREAKS.has(name)) return ' '
  return (node as Element).children.map(textOf).join('')
}

/** The blocks of an HTML document in reading order. */
export function htmlBlocks(html: string, options: { xml?: boolean } = {}): ImportedBlock[] {
  const document = parseDocument(html, { xmlMode: options.xml ?? false, decodeEntities: true })
  const blocks: ImportedBlock[] = []
  let loose = ''
  const flushLoose = () => {
    const text = collapse(loose)
    if (text) blocks.push({ kind: 'p', text })
    loose = ''
  }
  const walk = (node: AnyNode) => {
    if (node.type === 'text') {
      loose += (node as unknown as { data: string }).data
      return
    }
    if (!('children' in node)) return
    const element = node as Element
    const name = nameOf(node)
    if (SKIPPED.has(name)) return
    const heading = HEADINGS.get(name)
    if (heading || TEXT_BLOCKS.has(name)) {
      flushLoose()
      // A list item holding its own paragraphs is read as those paragraphs.
      const nested = element.children.some(
        (child) => TEXT_BLOCKS.has(nameOf(child)) || HEADINGS.has(nameOf(child)),
      )
      if (nested && !heading) {
        for (const child of element.children) walk(child)
        flushLoose()
        return
      }
      const text = collapse(textOf(element))
      if (text) blocks.push({ kind: heading ?? 'p', text })
      return
    }
    if (BREAKS.has(name)) {
      loose += ' '
      return
    }
    const isBlockContainer = name !== '' && !INLINE.has(name)
    if (isBlockContainer) flushLoose()
    for (const child of element.children) walk(child)
    if (isBlockContainer) flushLoose()
  }
  for (const child of document.children) walk(child)
  flushLoose()
  return blocks
}

/**
 * Splits blocks into chapters at the top heading level the text uses (h1, else h2); text before
 * the first such heading is a chapter of its own. A chapter is named by its heading.
 */
export function chaptersFromBlocks(
  blocks: ImportedBlock[],
  fallbackName: (index: number) => string,
): ImportedChapter[] {
  const top: BlockKind | undefined = blocks.some((b) => b.kind === 'h1')
    ? 'h1'
    : blocks.some((b) => b.kind === 'h2')
      ? 'h2'
      : undefined
  const chapters: ImportedChapter[] = []
  let current: ImportedChapter | undefined
  for (const block of blocks) {
    if (block.kind === top || !current) {
      current = { name: block.kind === top ? block.text : fallbackName(chapters.length), blocks: [] }
      chapters.push(current)
    }
    current.blocks.push(block)
  }
  return chapters.filter((chapter) => chapter.blocks.some((b) => b.kind === 'p' || b.text.length > 0))
}
