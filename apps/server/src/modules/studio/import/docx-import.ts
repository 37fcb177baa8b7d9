import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { zipSync } from 'fflate'
import { AppError } from '../../../errors.js'
import { readZipEntries, UnreadableArchive } from '../../../platform/archive/bounded-zip.js'
import { replaceUnstorable } from '../../../platform/http/input-check.js'
import { chaptersFromBlocks, htmlBlocks } from './html-blocks.js'
import { DOCUMENT_ARCHIVE_LIMITS, type ImportedDocument, UnreadableDocument } from './imported-document.js'

// A Word document is turned into HTML by mammoth (its heading styles become h1-h6, images are
// left out), then read like any other HTML.
// - mammoth opens whatever archive it is given whole, so it is given a copy holding only the
//   document's XML parts, each read within the bounds of every imported archive: a small file
//   that expands to gigabytes is refused before any of it is inflated.
// - mammoth holds several kilobytes per XML element and works synchronously, so a document of a
//   few megabytes of tiny elements would take a gigabyte and stall every other request. It runs
//   in a worker thread of its own, with a bounded heap and a deadline, two at a time at most.

const XML_PART = /\.(xml|rels)$/i
const HEAP_MB = 384
const DEADLINE_MS = 60_000
const CONVERSIONS_AT_ONCE = 2

const mammothPath = createRequire(import.meta.url).resolve('mammoth')

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const mammoth = require(workerData.mammoth)
mammoth
  .convertToHtml(
    { buffer: Buffer.from(workerData.docx) },
    { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
  )
  .then((result) => parentPort.postMessage({ html: result.value }), () => parentPort.postMessage({}))
`

const notWord = () => new UnreadableDocument('The file is not a valid Word document (DOCX).')
const tooComplex = () =>
  new AppError('payload_too_large', {
    message: `The Word document is too large to read: reading it takes more than ${HEAP_MB} MB.`,
  })

function xmlParts(bytes: Uint8Array): Uint8Array {
  try {
    return zipSync(
      readZipEntries(bytes, (name) => XML_PART.test(name), DOCUMENT_ARCHIVE_LIMITS),
      { level: 0 },
    )
  } catch (error) {
    if (!(error instanceof UnreadableArchive)) throw error
    throw notWord()
  }
}

let running = 0
const waiting: Array<() => void> = []

async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
  while (running >= CONVERSIONS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve))
  running += 1
  try {
    return await work()
  } finally {
    running -= 1
    waiting.shift()?.()
  }
}

/** mammoth's HTML of a DOCX, made in a worker thread within its heap and deadline. */
function convert(docx: Uint8Array): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { mammoth: mammothPath, docx },
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
    })
    const settle = (outcome: () => void) => {
      clearTimeout(timer)
      worker.removeAllListeners()
      worker.on('error', () => undefined)
      void worker.terminate()
      outcome()
    }
    const timer = setTimeout(
      () => settle(() => reject(new UnreadableDocument('The Word document takes too long to read.'))),
      DEADLINE_MS,
    )
    worker.once('message', (reply: { html?: string }) =>
      settle(() => (reply.html === undefined ? reject(notWord()) : resolve(reply.html))),
    )
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex() : error)),
    )
    worker.once('exit', () => settle(() => reject(notWord())))
  })
}

export async function docxDocument(
  bytes: Uint8Array,
  fallbackName: (index: number) => string,
): Promise<ImportedDocument> {
  const parts = xmlParts(bytes)
  // Character references such as &#0; or &#xD800; come out of the XML as the characters.
  const html = replaceUnstorable(await oneOfFew(() => convert(parts)))
  const chapters = chaptersFromBlocks(htmlBlocks(html), fallbackName)
  if (chapters.length === 0) throw new UnreadableDocument('The Word document has no readable text.')
  return { chapters }
}
