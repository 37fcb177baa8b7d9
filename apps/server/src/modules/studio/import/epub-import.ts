import type { Element } from 'domhandler'
import { getElementsByTagName, textContent } from 'domutils'
import { strFromU8 } from 'fflate'
import { parseDocument } from 'htmlparser2'
import { readZipEntries, UnreadableArchive } from '../../../platform/archive/bounded-zip.js'
import { chaptersFromBlocks, htmlBlocks } from './html-blocks.js'
import {
  DOCUMENT_ARCHIVE_LIMITS,
  type ImportedChapter,
  type ImportedDocument,
  UnreadableDocument,
} from './imported-document.js'

// An EPUB is a zip: META-INF/container.xml names the package file (OPF), whose manifest lists
// the XHTML files and whose spine gives their reading order. Only those files are inflated,
// within the bounds of every imported archive, so a small file cannot expand into gigabytes.

function readEntries(zip: Uint8Array, wanted: (name: string) => boolean): Record<string, Uint8Array> {
  try {
    return readZipEntries(zip, wanted, DOCUMENT_ARCHIVE_LIMITS)
  } catch (error) {
    if (!(error instanceof UnreadableArchive)) throw error
    throw new UnreadableDocument('The file is not a valid EPUB: it is not a readable zip archive.')
  }
}

function readText(zip: Uint8Array, name: string): string {
  const entry = readEntries(zip, (n) => n === name)[name]
  if (!entry) throw new UnreadableDocument(`The file is not a valid EPUB: ${name} is missing.`)
  return strFromU8(entry)
}

const xml = (text: string) => parseDocument(text, { xmlMode: true, decodeEntities: true })
const byTag = (root: ReturnType<typeof xml>, tag: string) =>
  getElementsByTagName((name) => name === tag || name.endsWith(`:${tag}`), root.children, true) as Element[]

/** Resolves an href relative to the package file's folder (hrefs are URL-encoded paths). */
function resolveHref(base: string, href: string): string {
  const parts = base.split('/').slice(0, -1)
  for (const segment of decodeURIComponent(href.split('#')[0] ?? '').split('/')) {
    if (segment === '..') parts.pop()
    else if (segment !== '.' && segment !== '') parts.push(segment)
  }
  return parts.join('/')
}

export function epubDocument(zip: Uint8Array, fallbackName: (index: number) => string): ImportedDocument {
  const container = xml(readText(zip, 'META-INF/container.xml'))
  const opfPath = byTag(container, 'rootfile')[0]?.attribs['full-path']
  if (!opfPath) throw new UnreadableDocument('The file is not a valid EPUB: it names no package document.')
  const opf = xml(readText(zip, opfPath))
  const meta = (tag: string) => {
    const element = byTag(opf, tag)[0]
    const text = element ? textContent(element).trim() : ''
    return text || undefined
  }
  const manifest = new Map<string, { href: string; type: string }>()
  for (const item of byTag(opf, 'item')) {
    const { id, href } = item.attribs
    if (id && href)
      manifest.set(id, { href: resolveHref(opfPath, href), type: item.attribs['media-type'] ?? '' })
  }
  const spine = byTag(opf, 'itemref')
    .map((ref) => manifest.get(ref.attribs.idref ?? ''))
    .filter((item): item is { href: string; type: string } => item !== undefined && /html/.test(item.type))
  if (spine.length === 0) throw new UnreadableDocument('The EPUB has no readable chapters.')
  const wanted = new Set(spine.map((item) => item.href))
  const files = readEntries(zip, (name) => wanted.has(name))
  const chapters: ImportedChapter[] = []
  for (const item of spine) {
    const file = files[item.href]
    if (!file) continue
    const blocks = htmlBlocks(strFromU8(file), { xml: true })
    if (blocks.length === 0) continue
    // One spine file is usually one chapter; a file holding several top headings is split.
    chapters.push(...chaptersFromBlocks(blocks, () => fallbackName(chapters.length)))
  }
  if (chapters.length === 0) throw new UnreadableDocument('The EPUB has no readable text.')
  return { title: meta('title'), author: meta('creator'), language: meta('language'), chapters }
}
