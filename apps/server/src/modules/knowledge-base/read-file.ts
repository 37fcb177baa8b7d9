import { AppError } from '../../errors.js'
import { type DocumentReader, type ImportedDocument, UnreadableDocument } from '../studio/studio.module.js'
import { type Block, blocksOfText } from './document-blocks.js'

// A knowledge base file is recognised by its bytes, never by its name or the type the client
// claims: PDF by its signature (text read page by page with pdf.js through unpdf); EPUB, DOCX
// and HTML by Studio's importers; anything else that is UTF-8 text as text or Markdown. A name
// that promises a kind the bytes are not (a ".pdf" that is text) is refused, so a user learns
// the file is not what they think it is.

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46]

const unreadable = (message?: string) => new AppError('kb_file_unreadable', message ? { message } : {})

function extensionOf(fileName: string): string {
  return /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? ''
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    if (text.includes('\u0000')) throw unreadable()
    return text.replace(/^\uFEFF/, '')
  } catch (error) {
    if (error instanceof AppError) throw error
    throw unreadable()
  }
}

async function pdfBlocks(bytes: Uint8Array): Promise<Block[]> {
  const { extractText, getDocumentProxy } = await import('unpdf')
  let pages: string[]
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes))
    pages = (await extractText(pdf, { mergePages: false })).text
  } catch {
    throw unreadable('The file is not a valid PDF.')
  }
  // A page's lines are joined into paragraphs at blank lines; pdf.js gives no headings.
  return pages.flatMap((page) => blocksOfText(page.replace(/\n(?!\s*\n)/g, ' ')))
}

function importedBlocks(document: ImportedDocument): Block[] {
  const several = document.chapters.length > 1
  return document.chapters.flatMap((chapter) => {
    const body = chapter.blocks.map((b) => ({ heading: b.kind !== 'p', text: b.text }))
    const startsWithHeading = body[0]?.heading === true
    return several && !startsWithHeading ? [{ heading: true, text: chapter.name }, ...body] : body
  })
}

export interface ReadFile {
  blocks: Block[]
  title: string | null
}

export async function readKnowledgeFile(
  reader: DocumentReader,
  bytes: Uint8Array,
  fileName: string,
): Promise<ReadFile> {
  if (bytes.length === 0) throw new AppError('kb_file_empty')
  const extension = extensionOf(fileName)
  const isPdf = PDF_MAGIC.every((byte, i) => bytes[i] === byte)
  if (extension === 'pdf' && !isPdf)
    throw unreadable('The file is not a valid PDF: its contents are not a PDF document.')
  let blocks: Block[]
  let title: string | null = null
  try {
    if (isPdf) blocks = await pdfBlocks(bytes)
    else if (reader.kind(bytes, fileName) === 'text') blocks = blocksOfText(decodeUtf8(bytes))
    else {
      const document = await reader.read(bytes, fileName)
      blocks = importedBlocks(document)
      title = document.title ?? null
    }
  } catch (error) {
    if (error instanceof UnreadableDocument) {
      throw unreadable(
        error.message.replace(
          /Use EPUB, DOCX, HTML or plain text\.?|use EPUB, DOCX, HTML or UTF-8 text\.?/,
          'use PDF, DOCX, EPUB, HTML, Markdown or text.',
        ),
      )
    }
    throw error
  }
  if (blocks.length === 0) throw unreadable('The document has no readable text.')
  return { blocks, title }
}
