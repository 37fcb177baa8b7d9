import { zipSync } from 'fflate'
import { readZipEntries, UnreadableArchive } from '../../../platform/archive/bounded-zip.js'
import { replaceUnstorable } from '../../../platform/http/input-check.js'
import { chaptersFromBlocks, htmlBlocks } from './html-blocks.js'
import { DOCUMENT_ARCHIVE_LIMITS, type ImportedDocument, UnreadableDocument } from './imported-document.js'

// A Word document is turned into HTML by mammoth (its heading styles become h1-h6, images are
// left out), then read like any other HTML. mammoth is loaded on the first Word document.
// mammoth opens whatever archive it is given whole, so it is given a copy holding only the
// document's XML parts, each read within the bounds of every imported archive: a small file
// that expands to gigabytes is refused before any of it is inflated.

const XML_PART = /\.(xml|rels)$/i

function xmlParts(bytes: Uint8Array): Uint8Array {
  try {
    return zipSync(
      readZipEntries(bytes, (name) => XML_PART.test(name), DOCUMENT_ARCHIVE_LIMITS),
      { level: 0 },
    )
  } catch (error) {
    if (!(error instanceof UnreadableArchive)) throw error
    throw new UnreadableDocument('The file is not a valid Word document (DOCX).')
  }
}

export async function docxDocument(
  bytes: Uint8Array,
  fallbackName: (index: number) => string,
): Promise<ImportedDocument> {
  const parts = xmlParts(bytes)
  const { default: mammoth } = await import('mammoth')
  let html: string
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(parts.buffer, parts.byteOffset, parts.byteLength) },
      { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    )
    // Character references such as &#0; or &#xD800; come out of the XML as the characters.
    html = replaceUnstorable(result.value)
  } catch {
    throw new UnreadableDocument('The file is not a valid Word document (DOCX).')
  }
  const chapters = chaptersFromBlocks(htmlBlocks(html), fallbackName)
  if (chapters.length === 0) throw new UnreadableDocument('The Word document has no readable text.')
  return { chapters }
}
