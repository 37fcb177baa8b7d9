import { chaptersFromBlocks, htmlBlocks } from './html-blocks.js'
import { type ImportedDocument, UnreadableDocument } from './imported-document.js'

// A Word document is turned into HTML by mammoth (its heading styles become h1-h6, images are
// left out), then read like any other HTML. mammoth is loaded on the first Word document.

export async function docxDocument(
  bytes: Uint8Array,
  fallbackName: (index: number) => string,
): Promise<ImportedDocument> {
  const { default: mammoth } = await import('mammoth')
  let html: string
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    )
    html = result.value
  } catch {
    throw new UnreadableDocument('The file is not a valid Word document (DOCX).')
  }
  const chapters = chaptersFromBlocks(htmlBlocks(html), fallbackName)
  if (chapters.length === 0) throw new UnreadableDocument('The Word document has no readable text.')
  return { chapters }
}
