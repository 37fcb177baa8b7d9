import { listZipEntries, UnreadableArchive } from '../../../platform/archive/bounded-zip.js'
import { docxDocument } from './docx-import.js'
import { epubDocument } from './epub-import.js'
import { chaptersFromBlocks, htmlBlocks } from './html-blocks.js'
import { DOCUMENT_ARCHIVE_LIMITS, type ImportedDocument, UnreadableDocument } from './imported-document.js'
import { textChapters } from './text-import.js'

// A document's kind is read from its bytes, never from its name or the type the client sends:
// zip archives are EPUB (a `mimetype` entry saying so) or DOCX (a word/document.xml), text is
// HTML when it starts like HTML, and anything else that is valid UTF-8 text is plain text.

export type DocumentKind = 'epub' | 'docx' | 'html' | 'text'

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46]
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, i) => bytes[i] === byte)

function zipKind(bytes: Uint8Array): 'epub' | 'docx' {
  let names: string[] = []
  try {
    // Only the listing is wanted here: no entry is inflated.
    names = listZipEntries(bytes, DOCUMENT_ARCHIVE_LIMITS)
  } catch (error) {
    if (!(error instanceof UnreadableArchive)) throw error
  }
  if (names.includes('META-INF/container.xml')) return 'epub'
  if (names.includes('word/document.xml')) return 'docx'
  throw new UnreadableDocument('The archive is neither an EPUB book nor a Word document (DOCX).')
}

export function documentKind(bytes: Uint8Array, declared?: string): DocumentKind {
  if (startsWith(bytes, ZIP_MAGIC)) return zipKind(bytes)
  // A file named like a zip format that is not a zip is refused with what it claimed to be.
  if (declared === 'epub')
    throw new UnreadableDocument('The file is not a valid EPUB: it is not a zip archive.')
  if (declared === 'docx') throw new UnreadableDocument('The file is not a valid Word document (DOCX).')
  if (startsWith(bytes, PDF_MAGIC)) {
    throw new UnreadableDocument('PDF files cannot be imported. Use EPUB, DOCX, HTML or plain text.')
  }
  const text = decodeText(bytes)
  return /^\s*(<!doctype html|<html|<\?xml[^>]*>\s*<html|<body|<article|<p>|<h[1-6])/i.test(text)
    ? 'html'
    : 'text'
}

function decodeText(bytes: Uint8Array): string {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new UnreadableDocument(
      'The file is not a document Timbre can read: use EPUB, DOCX, HTML or UTF-8 text.',
    )
  }
  if (text.includes('\u0000')) {
    throw new UnreadableDocument(
      'The file is not a document Timbre can read: use EPUB, DOCX, HTML or UTF-8 text.',
    )
  }
  return text.replace(/^\uFEFF/, '')
}

/** The extension a file name claims, used only to name a refusal more helpfully. */
export function declaredKind(fileName: string): string | undefined {
  return /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase()
}

export async function readDocument(
  bytes: Uint8Array,
  fileName: string,
  fallbackName: (index: number) => string,
): Promise<ImportedDocument> {
  if (bytes.length === 0) throw new UnreadableDocument('The file is empty.')
  const kind = documentKind(bytes, declaredKind(fileName))
  if (kind === 'epub') return epubDocument(bytes, fallbackName)
  if (kind === 'docx') return docxDocument(bytes, fallbackName)
  const text = decodeText(bytes)
  const chapters =
    kind === 'html' ? chaptersFromBlocks(htmlBlocks(text), fallbackName) : textChapters(text, fallbackName)
  if (chapters.length === 0) throw new UnreadableDocument('The document has no readable text.')
  const title = kind === 'html' ? /<title[^>]*>([^<]{1,200})<\/title>/i.exec(text)?.[1]?.trim() : undefined
  return { ...(title ? { title } : {}), chapters }
}
