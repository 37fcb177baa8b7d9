// The article a page holds, as the paragraphs read aloud. With a content selector the page's
// matching elements are the article; without one, Readability finds the main text and leaves
// out navigation, sidebars, comments and other page furniture. The DOM and Readability are
// loaded on the first page read: some 25 MB a server that never imports a page need not hold.

export interface Article {
  title: string | null
  author: string | null
  paragraphs: string[]
}

const BLOCKS = 'h1, h2, h3, h4, h5, h6, p, li, blockquote, pre, figcaption, td'

/** Text blocks of an element, in document order; an element without blocks is one block. */
function blocksOf(root: Element): string[] {
  const clean = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim()
  const found = [...root.querySelectorAll(BLOCKS)]
    // A list item or cell holding a paragraph is read through that paragraph only.
    .filter((el) => !el.querySelector(BLOCKS))
    .map((el) => clean(el.textContent))
    .filter(Boolean)
  if (found.length > 0) return found
  const whole = clean(root.textContent)
  return whole ? [whole] : []
}

export class InvalidSelector extends Error {}

export async function extractArticle(html: string, selector: string | null): Promise<Article> {
  const [{ parseHTML }, { Readability }] = await Promise.all([
    import('linkedom'),
    import('@mozilla/readability'),
  ])
  const { document } = parseHTML(html)
  const metaAuthor = document.querySelector('meta[name="author"]')?.getAttribute('content') ?? null
  if (selector) {
    let matches: Element[]
    try {
      matches = [...document.querySelectorAll(selector)] as unknown as Element[]
    } catch {
      throw new InvalidSelector(selector)
    }
    for (const skipped of document.querySelectorAll('script, style, noscript, template')) skipped.remove()
    return {
      title: document.querySelector('title')?.textContent?.trim() || null,
      author: metaAuthor,
      paragraphs: matches.flatMap((el) => blocksOf(el)),
    }
  }
  const parsed = new Readability(document as unknown as Document).parse()
  if (!parsed?.content) return { title: null, author: metaAuthor, paragraphs: [] }
  const { document: content } = parseHTML(`<!doctype html><html><body>${parsed.content}</body></html>`)
  return {
    title: parsed.title?.trim() || null,
    author: parsed.byline?.trim() || metaAuthor,
    paragraphs: blocksOf(content.body as unknown as Element),
  }
}

/** Plain text: paragraphs are separated by blank lines. */
export function paragraphsOfText(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
}
